import type { ImportRow } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { commitBody, fatesOf, scheduleCount, tally } from './choices';
import { RowCounter } from './preview-request';
import { columnIndex, columnsToSend, optionsAfter, optionsForPocket } from './settings';
import { PREVIEW, ROWS, SCHEDULED_ROW } from './test-fixtures';
import { anchorCheckText, closingText, dayText, planText } from './texts';

describe('the options of the next preview', () => {
  it('finds a column by its header text, loosely, or takes its index', () => {
    const header = ['Buchungstag', ' Betrag ', 'Saldo'];
    expect(columnIndex('Buchungstag', header)).toBe(0);
    expect(columnIndex('betrag', header)).toBe(1);
    expect(columnIndex(2, header)).toBe(2);
    expect(columnIndex('Missing', header)).toBeUndefined();
  });

  it('sends a mapping only when complete', () => {
    expect(columnsToSend({ amount: 1 })).toBeNull();
    expect(columnsToSend({ date: 0, debit: 1 })).toBeNull();
    expect(columnsToSend({ date: 0, debit: 1, credit: 2, payee: 3 })).toEqual({
      date: 0,
      debit: 1,
      credit: 2,
      payee: 3,
    });
    expect(optionsAfter(PREVIEW, { field: 'columns', value: { date: 0 } }, 1)).toBeNull();
  });

  it('takes nothing along to another format, and keeps everything else for another encoding', () => {
    expect(optionsAfter(PREVIEW, { field: 'format', value: 'mt940' }, 1)).toEqual({ pocketId: 1, format: 'mt940' });
    expect(optionsAfter(PREVIEW, { field: 'encoding', value: 'utf-8' }, null)).toEqual({
      format: 'csv',
      encoding: 'utf-8',
      csv: {
        delimiter: ';',
        decimalSeparator: ',',
        thousandsSeparator: '.',
        dateFormat: 'DD.MM.YYYY',
        skipLines: 0,
        columns: { date: 0, amount: 3, payee: 1, description: 2 },
      },
    });
  });

  it('detects the layout again after other title lines, keeping the delimiter', () => {
    expect(optionsAfter(PREVIEW, { field: 'skipLines', value: 3 }, 2)).toEqual({
      pocketId: 2,
      format: 'csv',
      encoding: 'windows-1252',
      csv: { delimiter: ';', skipLines: 3 },
    });
  });

  it('keeps the user’s own settings for another pocket, and lets the server decide detected ones', () => {
    expect(optionsForPocket(PREVIEW, 2)).toEqual({ pocketId: 2 });
    expect(optionsForPocket(undefined, null)).toEqual({});
    const given = { ...PREVIEW, options: { ...PREVIEW.options, source: 'given' as const } };
    expect(optionsForPocket(given, 2)).toMatchObject({ pocketId: 2, format: 'csv', csv: { delimiter: ';' } });
  });
});

const pairInFile = (line: number, other: number, amount: string): ImportRow =>
  ({
    ...ROWS[1],
    line,
    amount,
    match: { kind: 'transfer', line: other, pocketId: 2, date: '2026-03-03', amount, currency: 'EUR', description: '' },
  }) as ImportRow;

describe('what the commit does with each row', () => {
  it('follows the status, the skip and import-anyway choices and the pairs', () => {
    const fates = fatesOf(ROWS, new Map());
    expect([...fates]).toEqual([
      [2, 'import'],
      [3, 'import'],
      [4, 'transfer'],
      [5, 'duplicate'],
      [6, 'error'],
    ]);
    const changed = fatesOf(
      ROWS,
      new Map([
        [2, { skip: true }],
        [4, { match: false as const }],
        [5, { skip: false }],
      ]),
    );
    expect(tally(changed)).toEqual({ import: 3, skip: 1, duplicate: 0, error: 1, transfer: 0, conversion: 0 });
  });

  it('drops a pair within the file when its other side is skipped', () => {
    const rows = [pairInFile(2, 3, '-50.00'), pairInFile(3, 2, '50.00')];
    expect([...fatesOf(rows, new Map())].map(([, f]) => f)).toEqual(['transfer', 'transfer']);
    expect([...fatesOf(rows, new Map([[3, { skip: true }]]))].map(([, f]) => f)).toEqual(['import', 'skip']);
  });

  it('sends only what differs from the preview', () => {
    const choices = new Map([
      [2, { categoryId: 11 }], // the suggestion itself: nothing to send
      [3, { categoryId: null, skip: false }], // skip:false on a new row changes nothing
      [5, { skip: false }],
      [6, { skip: false }], // an error row can not be imported
    ]);
    expect(commitBody(ROWS, choices, false)).toEqual({ rows: [{ line: 5, skip: false }] });
    expect(commitBody(ROWS, new Map([[2, { categoryId: null }]]), true)).toEqual({
      rows: [{ line: 2, categoryId: null }],
      fixpoint: true,
    });
  });
});

describe('rows that confirm a scheduled entry', () => {
  const rows = [...ROWS, SCHEDULED_ROW];
  const confirming = (choices: Map<number, { skip?: boolean; schedule?: false }>) =>
    scheduleCount(rows, choices, fatesOf(rows, choices));

  it('count while imported and not declined', () => {
    expect(confirming(new Map())).toBe(1);
    expect(confirming(new Map([[7, { schedule: false as const }]]))).toBe(0);
    expect(confirming(new Map([[7, { skip: true }]]))).toBe(0);
  });

  it('send schedule:false only for a declined proposal', () => {
    expect(commitBody(rows, new Map([[7, { schedule: false as const }]]), false)).toEqual({
      rows: [{ line: 7, schedule: false }],
    });
    // A row the preview proposed no schedule for has nothing to decline.
    expect(commitBody(rows, new Map([[3, { schedule: false as const }]]), false)).toEqual({});
    expect(commitBody(rows, new Map([[7, { skip: true, schedule: false as const }]]), false)).toEqual({
      rows: [{ line: 7, skip: true, schedule: false }],
    });
  });
});

describe('the texts of the import screen', () => {
  it('writes days as the app does and names closing balances', () => {
    expect(dayText('2026-03-31')).toBe('2026.03.31.');
    expect(dayText('')).toBe('—');
    expect(
      closingText(
        { account: 'DE12', currency: 'EUR', pocketId: 1, closingBalance: '-5', closingDate: '2026-03-31' },
        true,
      ),
    ).toBe('DE12: - 5.00 € on 2026.03.31.');
  });

  it('says in figures what the statement does to the next fixpoint of its pocket (issue 32)', () => {
    const account = {
      account: '',
      currency: 'EUR',
      pocketId: 1,
      closingBalance: '2450.30',
      closingDate: '2026-11-27',
    };
    const check = { fixpointId: 9, time: '2026-11-28T12:00:00.000Z', stated: '2450.30', calculated: '2450.30' };
    expect(anchorCheckText({ ...account, anchorCheck: { ...check, difference: '0.00' } })).toBe(
      'Your fixpoint of 2026.11.28. (2 450.30 €) and the statement’s closing balance 2 450.30 € on 2026.11.27. agree: no error.',
    );
    expect(
      anchorCheckText({
        ...account,
        anchorCheck: { ...check, stated: '2462.70', difference: '12.40' },
      }),
    ).toBe(
      'Your fixpoint of 2026.11.28. (2 462.70 €) and the statement’s closing balance 2 450.30 € on 2026.11.27. differ by 12.40 €: that fixpoint’s error will be 12.40 €.',
    );
    // Rows of the pocket after the closing are named.
    expect(
      anchorCheckText({ ...account, anchorCheck: { ...check, calculated: '2400.30', difference: '50.00' } }),
    ).toContain('with the pocket’s later rows (2 400.30 €) differ by 50.00 €');
    expect(anchorCheckText(account)).toBeUndefined();
  });

  it('says what the commit will do', () => {
    expect(planText({ import: 1, skip: 0, duplicate: 0, error: 0, transfer: 0, conversion: 0 })).toBe(
      '1 row will be imported.',
    );
    expect(planText({ import: 0, skip: 2, duplicate: 5, error: 1, transfer: 2, conversion: 2 })).toBe(
      '0 rows will be imported, 2 rows are transfers between your pockets, 2 rows become a conversion; 2 skipped, 5 duplicates left out, 1 row with errors left out.',
    );
    expect(planText({ import: 3, skip: 0, duplicate: 0, error: 0, transfer: 0, conversion: 0 }, 1)).toBe(
      '3 rows will be imported (1 confirms a scheduled entry).',
    );
    expect(planText({ import: 3, skip: 1, duplicate: 0, error: 0, transfer: 0, conversion: 0 }, 2)).toBe(
      '3 rows will be imported (2 confirm scheduled entries); 1 skipped.',
    );
  });
});

describe('RowCounter: the rows of a streamed preview answer', () => {
  it('counts the top-level rows as they arrive, not the table’s, and reads the expected count from the head', () => {
    const head =
      '{"batchId":1,"counts":{"new":2,"duplicate":0,"error":1},"table":{"header":["a"],"rows":[["{x"],["y"]]},"rows":[';
    const rows = ['{"line":2,"payee":"A {brace} \\"rows\\":["}', '{"line":3,"payee":"B"}', '{"line":4,"payee":"C"}'];
    const text = `${head}${rows.join(',')}]}`;
    const counter = new RowCounter();
    // Fed in small pieces, cut anywhere (inside strings and escapes too).
    const seen: number[] = [];
    for (let i = 0; i < text.length; i += 7) {
      counter.feed(text.slice(i, i + 7));
      seen.push(counter.rows);
    }
    expect(counter.total).toBe(3);
    expect(counter.rows).toBe(3);
    expect(seen[0]).toBe(0);
  });
});
