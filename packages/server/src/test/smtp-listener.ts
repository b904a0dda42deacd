import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the listener received it: envelope recipients and the raw message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export class SmtpListener {
  readonly received: ReceivedMail[] = [];
  /** While set, the server is up but takes no mail: every MAIL FROM gets a temporary failure (451). */
  refusing = false;
  private server: SMTPServer | undefined;
  private port = 0;

  /**
   * Listens on a free port; after `stop`, again on the same one, so the app's SMTP_URL reaches it
   * again (with a new server: a closed SMTPServer answers every client 421).
   */
  async start(): Promise<void> {
    const server = this.newServer();
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  /** The SMTP_URL nodemailer needs to reach this listener. */
  url(): string {
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }

  /** The latest mail sent to the address. */
  lastTo(address: string): ReceivedMail | undefined {
    return this.received.filter((m) => m.to.includes(address)).at(-1);
  }

  /** Stops listening: connections are refused until `start`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server !== undefined) await new Promise<void>((resolve) => server.close(resolve));
  }

  private newServer(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        if (!this.refusing) return callback();
        callback(Object.assign(new Error('Local error in processing, try again later'), { responseCode: 451 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
  }
}
