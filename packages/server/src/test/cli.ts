import type { Config } from '../config.js';
import { runCli } from '../cli/run.js';

/** Runs an admin command as `npm run cli` would, capturing exit code and output. */
export async function runCliCaptured(
  argv: string[],
  config: Config,
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    config,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
