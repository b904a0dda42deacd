// The journeys' mail server: a real SMTP listener on loopback that files every message it
// receives in the mailbox folder, where tests read verification codes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { mailFileSuffix } from './e2e-env.js';

/** Starts listening on `port`; resolves once it accepts connections. */
export async function startMailbox(port: number, dir: string): Promise<SMTPServer> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        for (const to of session.envelope.rcptTo) {
          const name = `${String(count).padStart(5, '0')}${mailFileSuffix(to.address)}`;
          writeFileSync(path.join(dir, name), Buffer.concat(chunks));
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
