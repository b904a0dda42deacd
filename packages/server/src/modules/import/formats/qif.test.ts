import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { parseQif } from './qif.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/qif/${name}`, import.meta.url), 'utf8');

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('parseQif', () => {
  it('reads a US bank file: MM/DD/YYYY, thousands separators, check number, address and category left out', () => {
    expect(parseQif(fixture('bank-us.qif'))).toEqual({
      accounts: [{ account: '', currency: '' }],
      rows: [
        {
          line: 2,
          date: '2026-01-02',
          amount: '-1250.00',
          currency: '',
          description: 'January rent #1042',
          payee: 'Greenfield Property Mgmt',
          externalId: null,
          account: '',
        },
        {
          line: 12,
          date: '2026-01-15',
          amount: '3200.00',
          currency: '',
          description: 'ACME Corp Payroll',
          payee: 'ACME Corp Payroll',
          externalId: null,
          account: '',
        },
        {
          line: 18,
          date: '2026-01-20',
          amount: '-54.30',
          currency: '',
          // N "ATM" is no number: left out.
          description: 'Shell Oil 5723',
          payee: 'Shell Oil 5723',
          externalId: null,
          account: '',
        },
        {
          line: 24,
          date: '2026-01-31',
          amount: '1.07',
          currency: '',
          description: 'Interest',
          payee: 'Interest',
          externalId: null,
          account: '',
        },
      ],
    });
  });

  it("reads a Quicken export: category list skipped, AutoSwitch accounts, ' years, a split as one row", () => {
    expect(parseQif(fixture('quicken-split.qif'))).toEqual({
      accounts: [
        { account: 'Checking', currency: '' },
        { account: 'Visa', currency: '' },
      ],
      rows: [
        {
          line: 24,
          date: '2025-12-31',
          // The record's T is the total of its split lines ($-212.45 and $-100.00).
          amount: '-312.45',
          currency: '',
          description: 'Weekly shopping',
          payee: 'Costco Wholesale',
          externalId: null,
          account: 'Checking',
        },
        {
          line: 36,
          date: '2026-01-05',
          amount: '2500.00',
          currency: '',
          description: 'Employer Inc',
          payee: 'Employer Inc',
          externalId: null,
          account: 'Checking',
        },
        {
          line: 46,
          date: '2026-01-07',
          amount: '-19.99',
          currency: '',
          description: 'Subscription',
          payee: 'Netflix.com',
          externalId: null,
          account: 'Visa',
        },
        {
          line: 51,
          date: '2026-01-09',
          amount: '',
          currency: '',
          description: 'Broken amount',
          payee: 'Broken amount',
          externalId: null,
          account: 'Visa',
          error: 'line 51, amount: "-bad" is not a number',
        },
      ],
    });
  });

  it('reads European dates day first when a day above 12 shows it, and decimal commas', () => {
    const { rows } = parseQif(fixture('european.qif'));
    expect(rows.map((r) => [r.line, r.date, r.amount, r.description, r.payee])).toEqual([
      // 03/04 is 3 April: 25/04 further down decides the order for the whole file.
      [2, '2026-04-03', '-1234.56', 'Sofa Anzahlung', 'Möbelhaus Schmidt'],
      [7, '2026-04-25', '12.50', 'Rückerstattung', 'Rückerstattung'],
      [11, '2026-04-30', '-45', 'Abschlag April', 'Stadtwerke'],
    ]);
  });

  it('reads every date form: M/D/YY, apostrophe years, D.M.YYYY, ISO, padded parts', () => {
    const record = (date: string) => `D${date}\nT1\n^\n`;
    const dates = [
      '3/7/26',
      "3/7'26",
      " 3/ 7' 6",
      '03/07/2026',
      '2026-03-07',
      '2026/3/7',
      '3-7-2026',
      '7.3.2026',
      '07.03.26',
    ];
    const rows = parseQif(`!Type:Bank\n${dates.map(record).join('')}`).rows;
    expect(rows.map((r) => r.date)).toEqual([
      '2026-03-07',
      '2026-03-07',
      '2006-03-07',
      '2026-03-07',
      '2026-03-07',
      '2026-03-07',
      '2026-03-07',
      '2026-03-07',
      '2026-03-07',
    ]);
    expect(parseQif("!Type:Bank\nD12/31/99\nT1\n^\nD1/1' 0\nT1\n^").rows.map((r) => r.date)).toEqual([
      '1999-12-31',
      '2000-01-01',
    ]);
  });

  it('reads Cash, Oth A and Oth L sections, skips investment ones, and takes U when T is missing', () => {
    const text = [
      '!Type:Cash',
      'D1/2/2026',
      'T-3.50',
      'PKiosk',
      '^',
      '!Type:Invst',
      'D1/3/2026',
      'NBuy',
      'YACME',
      'T-1000',
      '^',
      '!Type:Oth A',
      'D1/4/2026',
      'U250.00',
      'MRevaluation',
      '^',
      '!Type:Oth L',
      'D1/5/2026',
      'T-120',
      'PMortgage',
      // no final ^
    ].join('\r\n');
    const { rows } = parseQif(text);
    expect(rows.map((r) => [r.line, r.date, r.amount, r.description])).toEqual([
      [2, '2026-01-02', '-3.50', 'Kiosk'],
      [13, '2026-01-04', '250.00', 'Revaluation'],
      [18, '2026-01-05', '-120', 'Mortgage'],
    ]);
  });

  it('turns a record with an unreadable or missing date or amount into an error row naming line and field', () => {
    const { rows } = parseQif('!Type:Bank\nD02/30/2026\nT5\n^\nPNo date\nT5\n^\nD1/1/2026\nPNo amount\n^');
    expect(rows.map((r) => [r.line, r.date, r.amount, r.error])).toEqual([
      [2, '', '5', 'line 2, date: "02/30/2026" is not a date'],
      [5, '', '5', 'line 5, date: missing'],
      [8, '2026-01-01', '', 'line 8, amount: missing'],
    ]);
  });

  it('rejects a file without a !Type header or without records with 422', () => {
    expect(rejection(() => parseQif('Date,Amount\n2026-01-01,5'))).toMatchObject({
      status: 422,
      message: 'QIF: no !Type header found',
    });
    expect(rejection(() => parseQif('!Type:Bank\n'))).toMatchObject({
      status: 422,
      message: 'QIF: no transactions found',
    });
  });
});
