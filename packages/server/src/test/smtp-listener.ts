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
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
  private port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** The SMTP_URL nodemailer needs to reach this listener. */
  url(): string {
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }

  /** The latest mail sent to the address. */
  lastTo(address: string): ReceivedMail | undefined {
    return this.received.filter((m) => m.to.includes(address)).at(-1);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(resolve));
  }
}
