import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpListener } from '../../test/smtp-listener.js';
import { SMTP_TIMEOUTS, smtpMailer } from './mailer.js';

const MAIL = { to: 'someone@example.com', subject: 'Hello', text: 'Hello there' };

// A sign-up waits for its mail (issue 31): a mail server that takes the connection and then says
// nothing must fail the send within seconds, not after nodemailer's minutes.
describe('the SMTP mailer', () => {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  let silentUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}?ignoreTLS=true`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up on a server that never greets after its greeting timeout', async () => {
    const start = performance.now();
    await expect(
      smtpMailer(silentUrl, 'kassa@test', { ...SMTP_TIMEOUTS, greetingTimeout: 300 }).send(MAIL),
    ).rejects.toThrow(/greeting/i);
    expect(performance.now() - start).toBeLessThan(3000);
  });

  it('lets SMTP_URL set its own timeouts over the defaults', async () => {
    const start = performance.now();
    await expect(smtpMailer(`${silentUrl}&greetingTimeout=300`, 'kassa@test').send(MAIL)).rejects.toThrow(/greeting/i);
    expect(performance.now() - start).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout);
  });

  it('delivers through the URL, its options (ignoreTLS) applied', async () => {
    const smtp = new SmtpListener();
    await smtp.start();
    try {
      await smtpMailer(smtp.url(), 'kassa@test').send(MAIL);
      expect(smtp.lastTo('someone@example.com')?.raw).toContain('Subject: Hello');
    } finally {
      await smtp.stop();
    }
  });
});
