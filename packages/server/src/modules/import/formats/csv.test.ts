import { readFileSync } from 'node:fs';
import type { CsvOptions } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { readCsv } from './csv.js';
import { PREVIEW_TABLE_ROWS } from './types.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/csv/${name}`, import.meta.url), 'utf8');
const read = (text: string, options: CsvOptions = {}) => readCsv(text, options, 'utf-8');

function failure(text: string, options: CsvOptions = {}): { status: number; message: string } {
  try {
    read(text, options);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('readCsv did not fail');
}

const brief = (text: string, options?: CsvOptions) =>
  read(text, options).rows.map(({ line, date, amount, description, error }) => ({
    line,
    date,
    amount,
    description,
    ...(error === undefined ? {} : { error }),
  }));

describe('readCsv: options given by the caller', () => {
  it('maps columns by header text (any case, trimmed) or index and returns them as given', () => {
    const file = read(fixture('us-bank.csv'), {
      columns: { date: ' post date ', debit: 4, credit: 'CREDIT', description: 'Category', id: 2 },
    });
    expect(file.csv.columns).toEqual({
      date: ' post date ',
      debit: 4,
      credit: 'CREDIT',
      description: 'Category',
      id: 2,
      // Not in the mapping, found by its header: it only checks rows and gives the statement's balances.
      balance: 'Balance',
    });
    expect(file.rows[0]).toEqual({
      line: 2,
      date: '2026-01-03',
      amount: '-5.75',
      currency: '',
      description: 'Food & Drink',
      payee: '',
      externalId: 'STARBUCKS STORE #1234, SEATTLE WA',
      account: '',
    });
  });

  it('rejects a mapped column the file lacks with 400 naming it', () => {
    expect(failure(fixture('us-bank.csv'), { columns: { date: 'Date', amount: 'Betrag' } })).toEqual({
      status: 400,
      message: 'options.csv.columns.date: the file has no column "Date"',
    });
    expect(failure(fixture('us-bank.csv'), { columns: { date: 'Post Date', amount: 'Betrag' } })).toEqual({
      status: 400,
      message: 'options.csv.columns.amount: the file has no column "Betrag"',
    });
    expect(failure(fixture('us-bank.csv'), { columns: { date: 0, amount: 7 } })).toEqual({
      status: 400,
      message: 'options.csv.columns.amount: the file has no column 7 (it has 7 columns)',
    });
    expect(failure(fixture('us-bank.csv'), { columns: { date: 0, debit: 4 } })).toEqual({
      status: 400,
      message: 'options.csv.columns: map an amount column, or both a debit and a credit column',
    });
  });

  it('lets every dialect option override detection', () => {
    // All days are 12 or less, so the month-first reading is possible when asked for.
    const file = read(fixture('fr-banque.csv'), { dateFormat: 'MM/DD/YYYY' });
    expect(file.csv.dateFormat).toBe('MM/DD/YYYY');
    expect(file.rows.map((r) => r.date)).toEqual(['2026-03-01', '2026-05-01', '2026-10-01', '2026-12-01']);

    const dotted = read('Date;Amount\n2026-01-02;1.234\n', { decimalSeparator: '.' });
    expect(dotted.csv).toMatchObject({ decimalSeparator: '.', thousandsSeparator: '' });
    expect(dotted.rows[0]?.amount).toBe('1.234');
    expect(read('Date;Amount\n2026-01-02;1.234\n').rows[0]?.amount).toBe('1234');

    const grouped = read('Date;Amount\n2026-01-02;1 234,50\n', { thousandsSeparator: '' });
    expect(grouped.csv.thousandsSeparator).toBe('');

    const skipped = read('Date,Amount\n2026-01-01,1\nDatum,Betrag\n2026-01-02,2\n', { skipLines: 2 });
    expect(skipped.csv.skipLines).toBe(2);
    expect(skipped.csv.columns).toEqual({ date: 'Datum', amount: 'Betrag' });
    expect(skipped.rows.map((r) => [r.line, r.amount])).toEqual([[4, '2']]);

    const piped = read('Date|Amount,Text\n2026-01-02|-1,5\n', { delimiter: '|' });
    expect(piped.csv.columns).toEqual({ date: 'Date', amount: 'Amount,Text' });
    expect(piped.rows[0]?.amount).toBe('-1.5');
  });
});

describe('readCsv: columns by name and values', () => {
  it('takes "Valuta" for a day in German and for the currency in Italian, by its values', () => {
    const de = read('Buchungstag;Valuta;Betrag\n02.01.2026;03.01.2026;-4,50\n');
    expect(de.csv.columns).toEqual({ date: 'Buchungstag', amount: 'Betrag' });
    const it = read('Data;Descrizione;Importo;Valuta\n02/01/2026;Bar;-4,50;EUR\n13/01/2026;Stipendio;1.500,00;EUR\n');
    expect(it.csv.columns).toEqual({ date: 'Data', amount: 'Importo', currency: 'Valuta', description: 'Descrizione' });
    expect(it.accounts).toEqual([{ account: '', currency: 'EUR' }]);
    const valutaOnly = read('Valuta;Betrag\n02.01.2026;-4,50\n');
    expect(valutaOnly.csv.columns).toEqual({ date: 'Valuta', amount: 'Betrag' });
  });

  it('does not take a creditor id, a balance or a foreign amount for the row', () => {
    const file = read(
      'Datum;Saldo;Betrag;Gläubiger-ID;Transaktions-ID\n02.01.2026;100,00;-4,50;DE98ZZZ09999999999;T1\n',
    );
    expect(file.csv.columns).toEqual({ date: 'Datum', amount: 'Betrag', id: 'Transaktions-ID', balance: 'Saldo' });
    const foreign = read(
      'Date,Amount (Foreign Currency),Amount (EUR),Type Foreign Currency\n2026-01-02,-10,-9.20,USD\n',
    );
    expect(foreign.csv.columns).toEqual({ date: 'Date', amount: 'Amount (EUR)' });
  });

  it('finds date and amount by their values under unknown headers, never a balance', () => {
    const file = read('Tag,Wert,Rest,Notiz\n2026-01-02,-4.50,95.50,Brot\n2026-01-03,-1.25,94.25,Milch\n');
    expect(file.csv.columns).toEqual({ date: 'Tag', amount: 'Wert' });
    const balanceOnly = failure('When,Balance\n2026-01-02,95.50\n2026-01-03,94.25\n');
    expect(balanceOnly.status).toBe(422);
  });

  it('reads dates written 2025.12.04 (YYYY.MM.DD)', () => {
    const file = read('Datum;Betrag;Text\n2025.12.04;-12,50;Bakery\n2025.11.30;1.500,00;Salary\n');
    expect(file.csv.dateFormat).toBe('YYYY-MM-DD');
    expect(file.rows.map((r) => [r.date, r.amount, r.error])).toEqual([
      ['2025-12-04', '-12.50', undefined],
      ['2025-11-30', '1500.00', undefined],
    ]);
  });

  it('reads a file without a header row, mapping columns by index', () => {
    const wellsFargo = [
      '"01/05/2026","-12.50","*","","PURCHASE AUTHORIZED ON 01/04 SAFEWAY #1234"',
      '"01/13/2026","1500.00","*","","ACME PAYROLL PPD"',
    ].join('\r\n');
    const file = read(wellsFargo);
    expect(file.table.header).toEqual([]);
    expect(file.table.rows).toHaveLength(2);
    expect(file.csv).toMatchObject({
      skipLines: 0,
      dateFormat: 'MM/DD/YYYY',
      columns: { date: 0, amount: 1, description: 4 },
    });
    expect(brief(wellsFargo)).toEqual([
      { line: 1, date: '2026-01-05', amount: '-12.50', description: 'PURCHASE AUTHORIZED ON 01/04 SAFEWAY #1234' },
      { line: 2, date: '2026-01-13', amount: '1500.00', description: 'ACME PAYROLL PPD' },
    ]);
  });

  it('says which column is missing, and that the mapping can be set by hand', () => {
    expect(failure('Date,Description\n2026-01-02,Coffee\n2026-01-03,Tea\n')).toEqual({
      status: 422,
      message:
        'The CSV file has no amount column (nor debit and credit columns) that Kassa recognises; set the column mapping by hand',
    });
    expect(failure('Text,Amount\nCoffee,-4.50\nTea,-3.00\n')).toEqual({
      status: 422,
      message: 'The CSV file has no date column that Kassa recognises; set the column mapping by hand',
    });
    expect(failure('Text,Note\nCoffee,a\nTea,b\n').message).toBe(
      'The CSV file has no date column and no amount column (nor debit and credit columns) that Kassa recognises; set the column mapping by hand',
    );
  });
});

describe('readCsv: rows', () => {
  it('numbers rows by the physical line they start on, across quoted line breaks and blank lines', () => {
    const text =
      'Date,Memo,Amount\n2026-01-02,"two\nlines",-1.00\n\n2026-01-03,"three\r\nlines\rhere",-2.00\n2026-01-04,x,-3.00\n';
    expect(brief(text)).toEqual([
      { line: 2, date: '2026-01-02', amount: '-1.00', description: 'two lines' },
      { line: 5, date: '2026-01-03', amount: '-2.00', description: 'three lines here' },
      { line: 8, date: '2026-01-04', amount: '-3.00', description: 'x' },
    ]);
  });

  it('skips blank and summary lines with neither date nor amount; names the missing field otherwise', () => {
    const text = [
      'Datum;Text;Betrag',
      '02.01.2026;Brot;-4,50',
      ';;',
      '03.01.2026;Vorgemerkt;',
      ';Ohne Datum;-1,00',
      'Summe;;',
      '',
      'Kontostand;1.234,56 EUR',
    ].join('\n');
    expect(brief(text)).toEqual([
      { line: 2, date: '2026-01-02', amount: '-4.50', description: 'Brot' },
      { line: 4, date: '2026-01-03', amount: '', description: 'Vorgemerkt', error: 'line 4, amount: missing' },
      { line: 5, date: '', amount: '-1.00', description: 'Ohne Datum', error: 'line 5, date: missing' },
    ]);
  });

  it('names every unreadable field of a row', () => {
    expect(brief('Datum;Text;Betrag\n32.01.2026;Brot;4,5,0\n02.01.2026;Milch;-1,00\n')[0]).toEqual({
      line: 2,
      date: '',
      amount: '',
      description: 'Brot',
      error: 'line 2, date: "32.01.2026" is not a date in DD.MM.YYYY; amount: "4,5,0" is not a number',
    });
  });

  it('reads a currency column, "€" and "£" as their codes', () => {
    const file = read('Date;Amount;Currency\n2026-01-02;-1,00;€\n2026-01-03;-2,00;eur\n');
    expect(file.rows.map((r) => r.currency)).toEqual(['EUR', 'EUR']);
    expect(file.accounts).toEqual([{ account: '', currency: 'EUR' }]);
    const mixed = read('Date;Amount;Currency\n2026-01-02;-1,00;£\n2026-01-03;-2,00;\n');
    expect(mixed.rows.map((r) => r.currency)).toEqual(['GBP', '']);
    expect(mixed.accounts).toEqual([{ account: '', currency: '' }]);
  });

  it('takes credit − debit when a row fills both', () => {
    const file = read('Date,Debit,Credit\n2026-01-02,1.50,10.00\n2026-01-03,-2.25,\n2026-01-04,,0.00\n');
    expect(file.rows.map((r) => r.amount)).toEqual(['8.50', '-2.25', '0.00']);
  });

  it('keeps at most PREVIEW_TABLE_ROWS rows in the table, every column of them', () => {
    const lines = ['Date,Amount,Extra'];
    for (let i = 1; i <= 30; i++) lines.push(`2026-01-${String(i).padStart(2, '0')},${i}.00,x${i}`);
    const file = read(lines.join('\n'));
    expect(file.rows).toHaveLength(30);
    expect(file.table.header).toEqual(['Date', 'Amount', 'Extra']);
    expect(file.table.rows).toHaveLength(PREVIEW_TABLE_ROWS);
    expect(file.table.rows[0]).toEqual(['2026-01-01', '1.00', 'x1']);
  });

  it('reports a quote that never closes as 422', () => {
    const text = 'Date,Memo,Amount\n2026-01-02,a,1.00\n2026-01-03,b,2.00\n2026-01-04,"open,3.00\n2026-01-05,c,4.00\n';
    const { status, message } = failure(text);
    expect(status).toBe(422);
    expect(message).toMatch(/^The CSV file cannot be read from line 4 on: Quote Not Closed/);
  });

  // Linear, not quadratic: five times the rows may take about five times as long, never 25 times.
  // A ratio of two runs side by side holds on a loaded machine, where a wall-clock bound (it was
  // 5 s for 0.6 s idle) failed in CI with the checks running beside (5.5 s).
  it('reads 100,000 rows (~8 MB) in linear time', () => {
    const csv = (rows: number) => {
      const lines = ['"Buchungstag";"Wertstellung";"Auftraggeber";"Verwendungszweck";"Betrag";"Währung"'];
      for (let i = 0; i < rows; i++) {
        const day = String((i % 28) + 1).padStart(2, '0');
        lines.push(`"${day}.01.2026";"${day}.01.2026";"REWE Markt ${i}";"Karte ${i * 7}";"-1.234,${i % 10}0";"EUR"`);
      }
      return lines.join('\r\n');
    };
    const timed = (text: string) => {
      const started = performance.now();
      const file = read(text);
      return { file, ms: performance.now() - started };
    };
    const small = timed(csv(20_000));
    const text = csv(100_000);
    const large = timed(text);
    expect(small.file.rows).toHaveLength(20_000);
    expect(large.file.rows).toHaveLength(100_000);
    expect(large.file.rows[99_999]).toMatchObject({ line: 100_001, date: '2026-01-12', amount: '-1234.90' });
    console.log(
      `CSV rows read: 20,000 in ${small.ms.toFixed(0)} ms, 100,000 (${(text.length / 1e6).toFixed(1)} MB) in ${large.ms.toFixed(0)} ms`,
    );
    expect(large.ms / small.ms).toBeLessThan(12);
  });
});

describe('readCsv: a running balance column (issue 32)', () => {
  const warnings = (text: string) => read(text).rows.flatMap((r) => (r.warning === undefined ? [] : [r.warning]));

  it('reads the opening and closing balances of a newest-first file, flagging the row that does not follow', () => {
    const file = read(fixture('running-balance.csv'));
    expect(file.csv.columns).toMatchObject({ amount: 'Betrag', balance: 'Saldo nach Buchung' });
    expect(file.accounts).toEqual([
      {
        account: '',
        currency: '',
        openingBalance: '300.00',
        openingDate: '2025-12-02',
        closingBalance: '1204.10',
        closingDate: '2025-12-05',
      },
    ]);
    expect(file.rows.map((r) => [r.line, r.amount, r.error, r.warning])).toEqual([
      [2, '-40.90', undefined, 'line 2, balance: 1 204.10 does not follow from 1 250.00 + \u221240.90'],
      [3, '-4.50', undefined, undefined],
      [4, '1000.00', undefined, undefined],
      [5, '-45.50', undefined, undefined],
    ]);
  });

  it('reads the same file oldest first alike, the warning on the same row', () => {
    const [header = '', ...data] = fixture('running-balance.csv').trimEnd().split('\n');
    const file = read([header, ...data.toReversed()].join('\n'));
    expect(file.accounts).toMatchObject([
      { openingBalance: '300.00', openingDate: '2025-12-02', closingBalance: '1204.10', closingDate: '2025-12-05' },
    ]);
    expect(file.rows.flatMap((r) => (r.warning === undefined ? [] : [r.line]))).toEqual([5]);
    // All on one day, the order the balances follow in tells.
    const oneDay = (lines: string[]) => [header, ...lines.map((line) => line.replace(/^\d\d/, '01'))].join('\n');
    expect(warnings(oneDay(data))).toEqual(['line 2, balance: 1 204.10 does not follow from 1 250.00 + \u221240.90']);
    expect(warnings(oneDay(data.toReversed()))).toEqual([
      'line 5, balance: 1 204.10 does not follow from 1 250.00 + \u221240.90',
    ]);
  });

  it('takes balances given only at the end of a day, and the column when the mapping names none', () => {
    const text = 'Date,Amount,Running balance\n2025-12-01,-1.00,\n2025-12-01,-2.00,97.00\n2025-12-02,5.00,102.00\n';
    expect(read(text).accounts).toEqual([
      {
        account: '',
        currency: '',
        openingBalance: '100.00',
        openingDate: '2025-12-01',
        closingBalance: '102.00',
        closingDate: '2025-12-02',
      },
    ]);
    expect(warnings(text)).toEqual([]);
    const mapped = read(text, { columns: { date: 'Date', amount: 'Amount' } });
    expect(mapped.csv.columns).toEqual({ date: 'Date', amount: 'Amount', balance: 'Running balance' });
    expect(mapped.accounts[0]?.closingBalance).toBe('102.00');
  });

  it('finds the column under common names, never as the amount', () => {
    for (const name of ['Saldo', 'Balance', 'Kontostand', 'Running balance', 'Solde', 'Saldo nach Buchung']) {
      expect(read(`Date;Amount;${name}\n2025-12-01;-1,00;99,00\n`).csv.columns).toEqual({
        date: 'Date',
        amount: 'Amount',
        balance: name,
      });
    }
  });
});
