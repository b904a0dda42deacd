import { describe, expect, it } from 'vitest';
import { rowInstant } from './sync.js';

// Where a synced row goes within its day, against the anchors a sync makes at "now" (issue 35).
const DAY_MS = 86_400_000;
const day = 20_000; // 2024-10-04
const at = (hours: number, minutes = 0) => day * DAY_MS + hours * 3_600_000 + minutes * 60_000;

describe('rowInstant', () => {
  it('leaves a row of an earlier day, or of today in the afternoon with no anchor today, at noon', () => {
    expect(rowInstant(day - 1, undefined, at(9))).toEqual({});
    expect(rowInstant(day, undefined, at(15))).toEqual({});
    expect(rowInstant(day - 1, at(-20), at(9))).toEqual({});
  });

  it("puts a row booked today before now in a morning's sync: it is in the balance this sync anchors now", () => {
    expect(rowInstant(day, undefined, at(9, 30))).toEqual({ time: at(9, 30) });
  });

  it('puts a row booked on the day of an earlier anchor just after it, and no later than now', () => {
    // Earlier sync at 13:00, this one at 18:00: after 13:00, not at noon before it.
    expect(rowInstant(day, at(13), at(18))).toEqual({ time: at(13) + 1 });
    // Earlier sync at 08:00, this one at 10:00: after 08:00 and not after 10:00.
    expect(rowInstant(day, at(8), at(10))).toEqual({ time: at(10) });
    // An anchor at the end of an earlier day: that day's late row cannot follow it within its day.
    expect(rowInstant(day - 1, day * DAY_MS - 1, at(9))).toEqual({});
  });
});
