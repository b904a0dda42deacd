import { dayFromIso } from '@kassa/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, FeedServer } from '../../../test/feed-server.js';
import { ECB_XML } from '../../../test/fixtures.js';
import { currencyApiProvider, parseCurrencyApiJson, plainDecimal } from './currency-api.js';
import { ecbProvider, parseEcbXml } from './ecb.js';

const day = (iso: string) => dayFromIso(iso) ?? Number.NaN;

describe('ECB feed parsing', () => {
  it('reads every day block and skips unsupported currencies', () => {
    expect(parseEcbXml(ECB_XML, 'ecb')).toEqual([
      { day: day('2026-11-20'), currency: 'USD', rate: '1.0577', source: 'ecb' },
      { day: day('2026-11-20'), currency: 'JPY', rate: '163.52', source: 'ecb' },
      { day: day('2026-11-20'), currency: 'HUF', rate: '410.35', source: 'ecb' },
      { day: day('2026-11-19'), currency: 'USD', rate: '1.0612', source: 'ecb' },
    ]);
  });

  it('refuses empty, truncated and malformed feeds', () => {
    expect(() => parseEcbXml('', 'ecb')).toThrow('no exchange rates found');
    expect(() => parseEcbXml('<html>Service unavailable</html>', 'ecb')).toThrow('no exchange rates found');
    expect(() => parseEcbXml(ECB_XML.slice(0, 300), 'ecb')).toThrow('no exchange rates found');
    expect(() => parseEcbXml(ECB_XML.replace("rate='163.52'", "rate='n/a'"), 'ecb')).toThrow('invalid rate');
    expect(() => parseEcbXml(ECB_XML.replace('2026-11-20', '2026-13-40'), 'ecb')).toThrow('invalid date');
  });
});

describe('currency API parsing', () => {
  it('keeps supported fiat currencies as plain decimals', () => {
    const rows = parseCurrencyApiJson(
      JSON.stringify({
        date: '2026-11-20',
        eur: { usd: 1.0577123456789, btc: 0.00001, huf: 410.35, eur: 1, jpy: 163.52 },
      }),
      'currency-api',
    );
    expect(rows).toEqual([
      { day: day('2026-11-20'), currency: 'USD', rate: '1.057712346', source: 'currency-api' },
      { day: day('2026-11-20'), currency: 'HUF', rate: '410.35', source: 'currency-api' },
      { day: day('2026-11-20'), currency: 'JPY', rate: '163.52', source: 'currency-api' },
    ]);
  });

  it('formats numbers as plain decimals with 10 significant digits', () => {
    expect(plainDecimal(0.000012345678912)).toBe('0.00001234567891');
    expect(plainDecimal(17234.5)).toBe('17234.5');
    expect(plainDecimal(123456789012.345)).toBe('123456789012');
    expect(plainDecimal(1e21)).toBeUndefined();
    expect(plainDecimal(0)).toBeUndefined();
    expect(plainDecimal(Number.NaN)).toBeUndefined();
  });

  it('refuses answers that are not a snapshot', () => {
    expect(() => parseCurrencyApiJson('<html>', 'x')).toThrow('not JSON');
    expect(() => parseCurrencyApiJson('{}', 'x')).toThrow('no date and eur rates');
    expect(() => parseCurrencyApiJson('{"date":"2026-02-30","eur":{"usd":1}}', 'x')).toThrow('invalid date');
    expect(() => parseCurrencyApiJson('{"date":"2026-11-20","eur":{"btc":1}}', 'x')).toThrow('no exchange rates found');
  });
});

describe('providers over HTTP', () => {
  const feed = new FeedServer();
  beforeAll(() => feed.start());
  afterAll(() => feed.stop());

  it('fetch and parse a served feed', async () => {
    feed.answers.set('/ecb.xml', { body: ECB_XML, contentType: 'text/xml' });
    feed.answers.set('/eur.json', { body: JSON.stringify({ date: '2026-11-21', eur: { usd: 1.06 } }) });
    expect(await ecbProvider(feed.url('/ecb.xml'), 2000).fetch()).toHaveLength(4);
    expect(await currencyApiProvider(feed.url('/eur.json'), 2000).fetch()).toEqual([
      { day: day('2026-11-21'), currency: 'USD', rate: '1.06', source: 'currency-api' },
    ]);
  });

  it('turn HTTP errors, empty bodies and timeouts into errors', async () => {
    feed.answers.set('/down.xml', { status: 503, body: 'maintenance' });
    feed.answers.set('/empty.xml', { body: '' });
    feed.answers.set('/slow.xml', { body: ECB_XML, delayMs: 1000 });
    await expect(ecbProvider(feed.url('/down.xml'), 2000).fetch()).rejects.toThrow('answered HTTP 503');
    await expect(ecbProvider(feed.url('/empty.xml'), 2000).fetch()).rejects.toThrow('empty body');
    await expect(ecbProvider(feed.url('/slow.xml'), 100).fetch()).rejects.toThrow(
      'is unreachable: no answer within 100 ms',
    );
    await expect(ecbProvider(await closedPortUrl('/closed.xml'), 2000).fetch()).rejects.toThrow(
      'is unreachable: ECONNREFUSED',
    );
  });
});
