import { dayFromIso } from '@kassa/money';
import { describe, expect, it } from 'vitest';
import { parseRatesCsv } from './csv-import.js';

describe('rates CSV import', () => {
  it('reads valid lines (CRLF, BOM, blank lines and case of codes tolerated)', () => {
    const result = parseRatesCsv(
      '\uFEFFdate,currency,rate\r\n2026-11-20,usd,1.0577\r\n\r\n2026-11-20,HUF,410.35\r\n',
      'import:x.csv',
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { day: dayFromIso('2026-11-20'), currency: 'USD', rate: '1.0577', source: 'import:x.csv' },
        { day: dayFromIso('2026-11-20'), currency: 'HUF', rate: '410.35', source: 'import:x.csv' },
      ],
    });
  });

  it('reports every bad line by number and imports nothing', () => {
    const csv = [
      'date,currency,rate',
      '2026-11-20,USD,1.0577',
      '2026-02-30,USD,1.05',
      '2026-11-20,XYZ,2',
      '2026-11-20,GBP,-0.85',
      '2026-11-20,EUR,1',
      '2026-11-20,USD,1.06',
      '2026-11-21,GBP',
      '2026-11-21,GBP,1e3',
    ].join('\n');
    expect(parseRatesCsv(csv, 's')).toEqual({
      ok: false,
      errors: [
        'line 3: date "2026-02-30" is not a valid YYYY-MM-DD date',
        'line 4: currency "XYZ" is not supported',
        'line 5: rate "-0.85" must be a positive decimal number like 1.0856',
        'line 6: EUR is the base currency (its rate is always 1)',
        'line 7: duplicate of line 2',
        'line 8: expected 3 fields (date,currency,rate), found 2',
        'line 9: rate "1e3" must be a positive decimal number like 1.0856',
      ],
    });
  });

  it('refuses a wrong header or an empty file', () => {
    expect(parseRatesCsv('day,code,value\n2026-11-20,USD,1', 's')).toEqual({
      ok: false,
      errors: ['line 1: header must be "date,currency,rate"'],
    });
    expect(parseRatesCsv('date,currency,rate\n', 's')).toEqual({ ok: false, errors: ['the file has no rate lines'] });
  });
});
