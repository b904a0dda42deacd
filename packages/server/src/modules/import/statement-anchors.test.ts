import { describe, expect, it } from 'vitest';
import { statementAnchors } from './anchors.js';

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const NOW = dayOf('2026-11-28') + 10 * 3_600_000;

describe('the balances a statement anchors (issue 32)', () => {
  it('the opening at the end of the day before the first day, the closing at the end of the last', () => {
    const anchors = statementAnchors(
      [
        {
          pocketId: 4,
          currency: 'EUR',
          openingBalance: '150.00',
          openingDate: '2026-02-01',
          closingBalance: '-495.90',
          closingDate: '2026-02-28',
        },
      ],
      NOW,
    );
    expect([...anchors].map(([time, states]) => [new Date(time).toISOString(), [...states]])).toEqual([
      ['2026-02-28T23:59:59.999Z', [[4, -49590]]],
      ['2026-01-31T23:59:59.999Z', [[4, 15000]]],
    ]);
  });

  it('the opening goes before the first row, whatever day the bank dates it (PRCD: the day before)', () => {
    const account = {
      pocketId: 4,
      currency: 'EUR',
      openingBalance: '150.00',
      openingDate: '2026-02-27',
      closingBalance: '-495.90',
      closingDate: '2026-02-28',
    };
    const firstRow = new Map([[4, dayOf('2026-02-20') / 86_400_000]]);
    const times = [...statementAnchors([account], NOW, firstRow).keys()].map((t) => new Date(t).toISOString());
    expect(times).toEqual(['2026-02-28T23:59:59.999Z', '2026-02-19T23:59:59.999Z']);
  });

  it('a statement of today closes now; an account without a pocket anchors nothing', () => {
    const anchors = statementAnchors(
      [
        { pocketId: 2, currency: 'JPY', closingBalance: '98500', closingDate: '2026-11-28' },
        { pocketId: null, currency: 'EUR', closingBalance: '1.00', closingDate: '2026-11-01' },
      ],
      NOW,
    );
    expect([...anchors]).toEqual([[NOW, new Map([[2, 98500]])]]);
  });

  it('two accounts in one pocket: closings add up, openings are not anchored', () => {
    const anchors = statementAnchors(
      [
        {
          pocketId: 7,
          currency: 'CHF',
          openingBalance: '10',
          openingDate: '2026-03-01',
          closingBalance: '4210.35',
          closingDate: '2026-03-31',
        },
        {
          pocketId: 7,
          currency: 'CHF',
          openingBalance: '20',
          openingDate: '2026-03-05',
          closingBalance: '10501.25',
          closingDate: '2026-03-31',
        },
      ],
      NOW,
    );
    expect([...anchors]).toEqual([[dayOf('2026-04-01') - 1, new Map([[7, 1471160]])]]);
  });
});
