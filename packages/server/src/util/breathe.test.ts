import { describe, expect, it } from 'vitest';
import { breather, mapPaced } from './breathe.js';

describe('mapPaced', () => {
  it('maps every item in order, with its index', async () => {
    expect(await mapPaced(['a', 'b', 'c'], (item, index) => `${index}${item}`)).toEqual(['0a', '1b', '2c']);
    expect(await mapPaced([], () => 1)).toEqual([]);
  });

  it('lets the event loop in when a slice is used: a timer due meanwhile runs before the map ends', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    // A slice of 0 ms is used up by every item: the map pauses before each one.
    await mapPaced([1, 2, 3], (n) => order.push(`item ${n}`), breather(0));
    expect(order).toEqual(['other request', 'item 1', 'item 2', 'item 3']);
  });
});
