import type { Conversion, Fixpoint, Transaction } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { quickRange } from '../../../components/interval';
import {
  clearedFilter,
  fromSearch,
  hasSelection,
  showsSum,
  toExportQuery,
  toListFilter,
  toSearch,
  type FilterState,
} from './filter';
import { convertedDaySpans, editorPath, enteredByOf, mergeRows, paidByOf, shownText } from './rows';

const tx = (id: number, time: string, rowType: Transaction['rowType'] = 'transaction'): Transaction => ({
  id,
  version: 1,
  isIncome: false,
  amount: 1,
  currency: 'EUR',
  categoryId: 1,
  description: '',
  time,
  categType: 'real',
  type: null,
  rowType,
});
const conv = (id: number, time: string): Conversion => ({
  id,
  version: 1,
  userId: 1,
  fromAmount: 1,
  fromCurrency: 'EUR',
  toAmount: 1,
  toCurrency: 'USD',
  description: '',
  time,
});
const fix = (id: number, time: string): Fixpoint => ({ id, time });

describe('the merged transaction list (spec §2)', () => {
  it('interleaves transactions, conversions and fixpoints newest first', () => {
    const rows = mergeRows(
      [tx(3, '2026-05-03T10:00:00Z'), tx(1, '2026-05-01T10:00:00Z')],
      [conv(7, '2026-05-02T10:00:00Z')],
      [fix(9, '2026-05-04T00:00:00Z')],
      true,
    );
    expect(rows.map((r) => r.key)).toEqual(['f9', 't3', 'c7', 't1']);
  });

  it('holds back older conversions and fixpoints until their transaction page is loaded', () => {
    const rows = mergeRows(
      [tx(3, '2026-05-03T10:00:00Z'), tx(2, '2026-05-02T12:00:00Z')],
      [conv(7, '2026-05-02T10:00:00Z'), conv(8, '2026-05-02T13:00:00Z')],
      [fix(9, '2026-04-01T00:00:00Z')],
      false,
    );
    expect(rows.map((r) => r.key)).toEqual(['t3', 'c8', 't2']);
  });

  it('keeps the server order of transactions at the same instant', () => {
    const rows = mergeRows([tx(5, '2026-05-03T10:00:00Z'), tx(4, '2026-05-03T10:00:00Z')], [], [], true);
    expect(rows.map((r) => r.key)).toEqual(['t5', 't4']);
  });

  it('opens the matching editor for each row type', () => {
    const [invest, conversion, fixpoint] = mergeRows(
      [tx(3, '2026-05-03T10:00:00Z', 'invest')],
      [conv(7, '2026-05-02T10:00:00Z')],
      [fix(9, '2026-05-01T00:00:00Z')],
      true,
    );
    expect(invest && editorPath(invest)).toBe('/private/edit-transaction/3');
    expect(conversion && editorPath(conversion)).toBe('/private/edit-conversion/7');
    expect(fixpoint && editorPath(fixpoint)).toBe('/private/edit-fixpoint/9');
  });
});

describe('the filter panel (spec §2)', () => {
  const base: FilterState = clearedFilter(
    {
      enabled: true,
      incomeCategories: [],
      expenseCategories: [],
      loanBusinessCategories: [],
      currencies: [],
      directions: [],
      enteredBy: [],
      interval: quickRange('MTD', new Date(2026, 10, 21)),
    },
    true,
  );

  it('sends every selected category, currency and direction with the interval', () => {
    const f = toListFilter({
      ...base,
      incomeCategories: [1],
      expenseCategories: [2],
      loanBusinessCategories: [3],
      currencies: ['USD'],
      directions: [true],
    });
    expect(f).toMatchObject({ categoryIds: [1, 2, 3], currencies: ['USD'], directions: [true], types: [] });
    expect(new Date(f.interval?.start ?? '')).toEqual(new Date(2026, 10, 1));
  });

  it('turning it off clears the selections and filters nothing', () => {
    const off = clearedFilter({ ...base, currencies: ['USD'], directions: [false] }, false);
    expect(off.currencies).toEqual([]);
    expect(off.directions).toEqual([]);
    expect(toListFilter(off)).toEqual({ categoryIds: [], currencies: [], directions: [], types: [] });
    expect(hasSelection(off)).toBe(false);
  });

  it('hides conversions and fixpoints only while something is selected', () => {
    expect(hasSelection(base)).toBe(false);
    expect(hasSelection({ ...base, currencies: ['EUR'] })).toBe(true);
    expect(hasSelection({ ...base, enteredBy: [2] })).toBe(true);
  });

  it('sends who entered the rows only when chosen (a shared book, issue 34), and clears it when off', () => {
    expect(toListFilter(base)).not.toHaveProperty('enteredBy');
    expect(toListFilter({ ...base, enteredBy: [2, 5] })).toMatchObject({ enteredBy: [2, 5] });
    expect(clearedFilter({ ...base, enteredBy: [2] }, false).enteredBy).toEqual([]);
    const query = new URLSearchParams(toExportQuery({ ...base, enteredBy: [2, 5] }));
    expect(query.get('enteredBy')).toBe('2,5');
    // The list hides conversions while it is narrowed to who entered the rows; so does the export.
    expect(query.get('types')).toBe('real,loan,business,external');
    expect(new URLSearchParams(toExportQuery(base)).has('enteredBy')).toBe(false);
  });

  it('shows the sum only for exactly one direction', () => {
    expect(showsSum(base)).toBe(false);
    expect(showsSum({ ...base, directions: [true] })).toBe(true);
    expect(showsSum({ ...base, directions: [true, false] })).toBe(false);
  });
});

describe('the footer count and the filter in the URL (issue 22)', () => {
  it('names each kind of row it counts', () => {
    const rows = mergeRows(
      [tx(1, '2026-05-03T10:00:00.000Z'), tx(2, '2026-05-01T10:00:00.000Z')],
      [conv(3, '2026-05-02T10:00:00.000Z')],
      [fix(4, '2026-04-30T10:00:00.000Z')],
      true,
    );
    expect(shownText(rows)).toBe('2 transactions, 1 conversion and 1 fixpoint shown');
    expect(shownText(rows.filter((r) => r.kind === 'transaction').slice(0, 1))).toBe('1 transaction shown');
  });

  it('round-trips the filter through the query and ignores what it cannot read', () => {
    const fallback = quickRange('1 Y', new Date(2026, 4, 10));
    const state: FilterState = {
      enabled: true,
      incomeCategories: [3],
      expenseCategories: [5, 7],
      loanBusinessCategories: [],
      currencies: ['USD'],
      directions: [false],
      enteredBy: [2, 5],
      interval: quickRange('Last month', new Date(2026, 4, 10)),
    };
    const query = toSearch(state).toString();
    expect(query).toBe('from=2026-04-01&to=2026-04-30&income=3&expense=5%2C7&currency=USD&direction=out&by=2%2C5');
    expect(fromSearch(new URLSearchParams(query), fallback)).toEqual(state);
    expect(toSearch(clearedFilter(state, false)).toString()).toBe('');
    expect(fromSearch(new URLSearchParams(''), fallback)).toEqual(
      clearedFilter({ ...state, interval: fallback }, false),
    );
    const odd = fromSearch(new URLSearchParams('from=2026-04-01&to=2026-04-30&expense=x,9&currency=usd,EUR'), fallback);
    expect([odd.expenseCategories, odd.currencies]).toEqual([[9], ['EUR']]);
  });
});

describe('the days of converted amounts per page (issue 21)', () => {
  const priced = (time: string, currency: string, convertedCurrency?: string) =>
    ({ time, currency, ...(convertedCurrency === undefined ? {} : { convertedCurrency }) }) as Transaction;
  it('spans each page from its oldest to its newest converted amount, UTC days', () => {
    expect(
      convertedDaySpans([
        [priced('2026-05-10T23:30:00.000Z', 'USD', 'EUR'), priced('2026-05-09T08:00:00.000Z', 'EUR', 'EUR')],
        [priced('2026-05-08T10:00:00.000Z', 'EUR', 'EUR'), priced('2026-05-01T00:10:00.000Z', 'HUF', 'EUR')],
      ]),
    ).toEqual([
      { firstDay: '2026-05-10', lastDay: '2026-05-10' },
      { firstDay: '2026-05-01', lastDay: '2026-05-01' },
    ]);
  });
  it('asks nothing for pages with nothing converted', () => {
    expect(
      convertedDaySpans([
        [priced('2026-05-10T10:00:00.000Z', 'EUR', 'EUR'), priced('2026-05-09T10:00:00.000Z', 'EUR')],
      ]),
    ).toEqual([]);
  });
});

describe('who entered a row (issue 34, shared books)', () => {
  it('names the member, says Former member once the account is gone, and nothing for fixpoints', () => {
    const [byAnna, byGone, unknown, conversion, fixpoint] = mergeRows(
      [
        { ...tx(5, '2026-05-05T10:00:00Z'), createdBy: { userId: 2, name: 'Anna Kovács' } },
        { ...tx(4, '2026-05-04T10:00:00Z'), createdBy: null },
        tx(3, '2026-05-03T10:00:00Z'),
      ],
      [{ ...conv(7, '2026-05-02T10:00:00Z'), createdBy: { userId: 3, name: 'Bo' } }],
      [fix(9, '2026-05-01T00:00:00Z')],
      true,
    );
    expect(
      [byAnna, byGone, unknown, conversion, fixpoint].map((r) => (r === undefined ? 'missing' : enteredByOf(r))),
    ).toEqual(['Anna Kovács', 'Former member', '', 'Bo', '']);
  });
});

describe('who paid a split expense (issue 34, settling up)', () => {
  const people = new Map([
    [1, 'Ada L'],
    [2, 'Bo Berg'],
  ]);
  const split = {
    paidBy: 2,
    shares: [
      { userId: 1, weight: 1 },
      { userId: 2, weight: 1 },
    ],
  };
  it('names the payer of a split row, and nothing for a row that is not split', () => {
    const [row, plain, conversion] = mergeRows(
      [{ ...tx(5, '2026-05-05T10:00:00Z'), ...split }, tx(4, '2026-05-04T10:00:00Z')],
      [conv(7, '2026-05-02T10:00:00Z')],
      [],
      true,
    );
    expect([row, plain, conversion].map((r) => (r === undefined ? 'missing' : paidByOf(r, people)))).toEqual([
      'Bo Berg',
      undefined,
      undefined,
    ]);
  });
  it('names a payer who left the book by the row’s maker, or as a former member', () => {
    const [byMaker, gone] = mergeRows(
      [
        { ...tx(5, '2026-05-05T10:00:00Z'), ...split, paidBy: 9, createdBy: { userId: 9, name: 'Cy' } },
        { ...tx(4, '2026-05-04T10:00:00Z'), ...split, paidBy: 8, createdBy: null },
      ],
      [],
      [],
      true,
    );
    expect([byMaker, gone].map((r) => (r === undefined ? 'missing' : paidByOf(r, people)))).toEqual([
      'Cy',
      'Former member',
    ]);
  });
});
