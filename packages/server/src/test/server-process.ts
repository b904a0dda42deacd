import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The server as an operator runs it, in its own process, so a crash shows as an exit. */
export class ServerProcess {
  readonly output: string[] = [];
  exit: { code: number | null; signal: string | null } | undefined;
  private child: ChildProcessWithoutNullStreams | undefined;

  start(env: Record<string, string>): Promise<string> {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    this.child = child;
    child.on('exit', (code, signal) => (this.exit = { code, signal }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${this.text()}`)), 20_000);
      const onData = (chunk: Buffer) => {
        this.output.push(chunk.toString());
        const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(this.text())?.[1];
        if (url !== undefined) {
          clearTimeout(timer);
          resolve(url);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', () => reject(new Error(`server exited at start:\n${this.text()}`)));
    });
  }

  text(): string {
    return this.output.join('');
  }

  /** The end of the output, for failure messages. */
  tail(): string {
    return this.text().slice(-3000);
  }

  async stop(): Promise<void> {
    if (this.child === undefined || this.exit !== undefined) return;
    const exited = new Promise((resolve) => this.child?.on('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
