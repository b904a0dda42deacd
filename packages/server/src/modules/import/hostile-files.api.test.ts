import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { multipart } from '../../test/upload.js';

// Issue 31: XML files that declare a DOCTYPE (with file, http, parameter or internal entities) or
// nest absurdly deep are refused with a 422 naming the problem, before any XML parser reads them:
// nothing is written, and no entity's address is ever fetched.

const fixture = (file: string) => readFileSync(new URL(`./formats/fixtures/${file}`, import.meta.url), 'utf8');

const DOCTYPE = 'the file declares a DOCTYPE; bank statements never do, and Kassa does not read one';
const TOO_DEEP = 'the XML nests deeper than 64 levels; a bank statement needs a dozen at most';

/** A listener an http entity would point at: it counts every request it gets. */
let listener: Server;
let requests = 0;
let base = '';
beforeAll(async () => {
  listener = createServer((_req, res) => {
    requests += 1;
    res.end('<!ENTITY leak "fetched">');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

describeEachDatabase('hostile XML files', (ctx) => {
  it('refuses a CAMT or OFX file with a DOCTYPE of any entity kind with 422, writing nothing, fetching nothing', async () => {
    const { client } = await newUser(ctx, 'doctype@example.com');
    const pocketId = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'))[0]?.pocketId;
    const send = async (name: string, content: string, options: Record<string, unknown> = {}) => {
      const { payload, extra } = await multipart({ name, content }, { pocketId, ...options });
      return client.post('/api/import/preview', payload, extra);
    };
    const before = await snapshotTables(ctx.database);

    const doctypes = [
      '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      `<!DOCTYPE Document [<!ENTITY x SYSTEM "${base}/entity">]>`,
      `<!DOCTYPE Document [<!ENTITY % p SYSTEM "${base}/parameter.dtd"> %p;]>`,
      `<!DOCTYPE Document SYSTEM "${base}/external.dtd">`,
      // A billion laughs: internal entities that would expand to gigabytes.
      `<!DOCTYPE Document [<!ENTITY x "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY x${i + 1} "${`&x${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]>`,
    ];
    const camt = fixture('camt/camt053-v02.xml');
    const ofx = fixture('ofx/creditcard-v211.ofx');
    for (const doctype of doctypes) {
      const hostileCamt = camt.replace('<Document', `${doctype}<Document`).replace('<AddtlNtryInf>', '$&&x;');
      expectError(await send('camt.xml', hostileCamt), 422, `CAMT: ${DOCTYPE}`);
      expectError(await send('camt.xml', hostileCamt, { format: 'camt053' }), 422, `CAMT: ${DOCTYPE}`);
      const hostileOfx = ofx.replace('<OFX>', `${doctype.replace(/Document/g, 'OFX')}<OFX>`).replace('<NAME>', '$&&x;');
      expectError(await send('card.ofx', hostileOfx), 422, `OFX: ${DOCTYPE}`);
    }
    // Past the 64 KiB detection looks at, the format given still leads to the same refusal.
    const padded = camt.replace('<Document', `<!DOCTYPE Document [<!-- ${'x'.repeat(70_000)} -->]><Document`);
    expectError(await send('camt.xml', padded, { format: 'camt053' }), 422, `CAMT: ${DOCTYPE}`);

    expect(requests).toBe(0);
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('refuses XML nested 100,000 deep with 422 naming the depth, and keeps answering', async () => {
    const { client } = await newUser(ctx, 'deep@example.com');
    const send = async (name: string, content: string) => {
      const { payload, extra } = await multipart({ name, content });
      return client.post('/api/import/preview', payload, extra);
    };
    const before = await snapshotTables(ctx.database);
    const deep = (tag: string) => `${`<${tag}>`.repeat(100_000)}${`</${tag}>`.repeat(100_000)}`;

    const camt = fixture('camt/camt053-v02.xml').replace('<AddtlNtryInf>', `$&${deep('Ustrd')}`);
    expectError(await send('camt.xml', camt), 422, `CAMT: ${TOO_DEEP}`);
    const ofx = fixture('ofx/creditcard-v211.ofx').replace('<OFX>', `$&${deep('MEMO')}`);
    expectError(await send('card.ofx', ofx), 422, `OFX: ${TOO_DEEP}`);
    const sgml = fixture('ofx/bank-sgml-102.ofx').replace('<OFX>', `$&${deep('MEMO')}`);
    expectError(await send('bank.ofx', sgml), 422, `OFX: ${TOO_DEEP}`);

    expect(await snapshotTables(ctx.database)).toEqual(before);
    expect((await client.get('/api/health')).statusCode).toBe(200);
  });
});
