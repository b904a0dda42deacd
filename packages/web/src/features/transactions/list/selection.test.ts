import type { Category, Transaction } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { bulkMessage, clickRow, fittingCategories, toggleVisible, visibleState, type Selection } from './selection';

const tx = (id: number, over: Partial<Transaction> = {}): Transaction => ({
  id,
  version: 1,
  isIncome: false,
  amount: 1,
  currency: 'EUR',
  categoryId: 1,
  description: `t${id}`,
  time: '2026-05-01T12:00:00.000Z',
  categType: 'real',
  type: null,
  rowType: 'transaction',
  ...over,
});
const ROWS = [1, 2, 3, 4, 5, 6].map((id) => tx(id));
const ids = (s: Selection) => [...s.keys()].sort((a, b) => a - b);
const row = (id: number) => ROWS[id - 1] ?? tx(id);

describe('row selection', () => {
  it('toggles one row on a plain click and moves the anchor there', () => {
    const first = clickRow(new Map(), ROWS, row(2), false, undefined);
    expect(ids(first.selection)).toEqual([2]);
    expect(first.anchor).toBe(2);
    const again = clickRow(first.selection, ROWS, row(2), false, first.anchor);
    expect(ids(again.selection)).toEqual([]);
  });

  it('selects the range from the anchor with Shift, downwards and upwards', () => {
    const start = clickRow(new Map(), ROWS, row(2), false, undefined);
    const down = clickRow(start.selection, ROWS, row(5), true, start.anchor);
    expect(ids(down.selection)).toEqual([2, 3, 4, 5]);
    const up = clickRow(new Map(), ROWS, row(1), true, 4);
    expect(ids(up.selection)).toEqual([1, 2, 3, 4]);
  });

  it('clears a range with Shift when the clicked row was selected', () => {
    const all = new Map(ROWS.map((t) => [t.id, t]));
    const cleared = clickRow(all, ROWS, row(5), true, 3);
    expect(ids(cleared.selection)).toEqual([1, 2, 6]);
  });

  it('keeps rows selected outside the visible ones, and treats an anchor gone from view as none', () => {
    const hidden = new Map([[99, tx(99)]]);
    const clicked = clickRow(hidden, ROWS, row(4), true, 42);
    expect(ids(clicked.selection)).toEqual([4, 99]);
  });

  it('selects every visible row from the header, then none', () => {
    expect(visibleState(new Map(), ROWS)).toBe('none');
    const some = clickRow(new Map(), ROWS, row(1), false, undefined).selection;
    expect(visibleState(some, ROWS)).toBe('some');
    const all = toggleVisible(some, ROWS);
    expect(visibleState(all, ROWS)).toBe('all');
    expect(ids(toggleVisible(all, ROWS))).toEqual([]);
  });
});

describe('categories a bulk change may use', () => {
  const cat = (id: number, type: Category['type'], isIncome: boolean | null, isActive = true) =>
    ({ id, name: `c${id}`, type, isIncome, isActive }) as Category;
  const CATEGORIES = [
    cat(1, 'real', false),
    cat(2, 'real', true),
    cat(3, 'loan', null),
    cat(4, 'real', false, false),
    cat(5, 'business', null),
  ];

  it('offers the active categories of the rows’ kind and direction', () => {
    expect(fittingCategories([tx(1), tx(2)], CATEGORIES).map((c) => c.id)).toEqual([1]);
    expect(fittingCategories([tx(1, { isIncome: true })], CATEGORIES).map((c) => c.id)).toEqual([2]);
    expect(
      fittingCategories([tx(1, { categType: 'loan' }), tx(2, { categType: 'loan', isIncome: true })], CATEGORIES).map(
        (c) => c.id,
      ),
    ).toEqual([3]);
  });

  it('offers none for rows of different kinds or directions', () => {
    expect(fittingCategories([tx(1), tx(2, { isIncome: true })], CATEGORIES)).toEqual([]);
    expect(fittingCategories([tx(1), tx(2, { categType: 'loan' })], CATEGORIES)).toEqual([]);
    expect(fittingCategories([], CATEGORIES)).toEqual([]);
  });

  it('says what a bulk change did', () => {
    expect(bulkMessage('delete', 12)).toBe('12 transactions deleted');
    expect(bulkMessage('category', 1)).toBe('Category changed on 1 transaction');
    expect(bulkMessage('description', 3)).toBe('Description changed on 3 transactions');
  });
});
