import { describe, expect, it } from 'vitest';
import {
  bridgeLabel,
  bridgeSteps,
  costInWords,
  driftRows,
  exposureRows,
  rateSentence,
  valueWithUnit,
  waterfallRows,
} from './insights';

describe('currency insights rules (issue 21)', () => {
  it('bridge: start, a step per part with fx named by currency, end; the end bar alone', () => {
    const steps = bridgeSteps({
      currency: 'EUR',
      start: 10,
      end: 12,
      parts: [
        { name: 'income', amount: 3 },
        { name: 'fx', amount: -1, currency: 'USD' },
      ],
    });
    expect(steps.map((s) => [s.key, s.label, s.amount, s.kind])).toEqual([
      ['start', 'Start', 10, 'start'],
      ['income', 'Income', 3, 'part'],
      ['fx-USD', 'Exchange rates: USD', -1, 'part'],
      ['end', 'End', 12, 'end'],
    ]);
    // The start bar is the first step of the waterfall (so the parts go on from it); the end stands alone.
    expect(waterfallRows(steps)).toEqual([
      { x: 'Start', value: 10, color: 'blue.6' },
      { x: 'Income', value: 3, color: 'teal.6' },
      { x: 'Exchange rates: USD', value: -1, color: 'red.6' },
      { x: 'End', value: 12, color: 'blue.6', standalone: true },
    ]);
  });

  it('conversion costs: positive is money lost, in the words of the total and the bridge (issue 32)', () => {
    expect(costInWords(1.05, 'EUR')).toBe('1.05 € lost');
    expect(costInWords(-414.76, 'EUR')).toBe('414.76 € gained');
    expect(costInWords(0, 'EUR')).toBe('0.00 €');
    // A bridge step is what the part did to net worth: a loss lowers it, a gain raises it.
    expect(bridgeLabel({ name: 'conversioncost', amount: -1.05 })).toBe('Conversion costs');
    expect(bridgeLabel({ name: 'conversioncost', amount: 414.76 })).toBe('Conversion gains');
    expect(bridgeLabel({ name: 'conversioncost', amount: 0 })).toBe('Conversion costs');
  });

  it('drift: starts at 0, carries each currency’s running total to fixpoints that found nothing in it', () => {
    const item = (time: string, cumulative: number) => ({
      fixpointId: 1,
      time,
      error: 0,
      errorMain: 0,
      cumulative,
      stated: 0,
      calculated: 0,
      pockets: [],
    });
    const chart = driftRows(
      {
        currency: 'EUR',
        currencies: [
          {
            currency: 'EUR',
            monthlyAverage: 0,
            total: 0,
            items: [item('2026-01-05T00:00:00Z', -2), item('2026-03-01T00:00:00Z', -5)],
          },
          { currency: 'USD', monthlyAverage: 0, total: 0, items: [item('2026-02-01T00:00:00Z', 1.5)] },
          { currency: 'HUF', monthlyAverage: 0, total: 0, items: [] },
        ],
      },
      '2026-01-01T00:00:00Z',
      '2026-03-31T23:59:59Z',
    );
    expect(chart?.lines.map((l) => l.label)).toEqual(['EUR', 'USD']);
    const ms = Date.parse;
    expect(chart?.rows).toEqual([
      { x: ms('2026-01-01T00:00:00Z'), c0: 0, c1: 0 },
      { x: ms('2026-01-05T00:00:00Z'), c0: -2, c1: 0 },
      { x: ms('2026-02-01T00:00:00Z'), c0: -2, c1: 1.5 },
      { x: ms('2026-03-01T00:00:00Z'), c0: -5, c1: 1.5 },
      // The last totals hold to the interval's end.
      { x: ms('2026-03-31T23:59:59Z'), c0: -5, c1: 1.5 },
    ]);
    expect(
      driftRows({ currency: 'EUR', currencies: [] }, '2026-01-01T00:00:00Z', '2026-03-31T23:59:59Z'),
    ).toBeUndefined();
  });

  it('exposure: a row per date, a series per currency', () => {
    const { rows, lines } = exposureRows({
      currency: 'EUR',
      step: 'week',
      dates: ['2026-01-07', '2026-01-14'],
      series: [
        { currency: 'EUR', values: [1, 2], shares: [50, 50] },
        { currency: 'USD', values: [1, 2], shares: [50, 50] },
      ],
      sensitivity: [],
    });
    expect(lines.map((l) => [l.key, l.label])).toEqual([
      ['c0', 'EUR'],
      ['c1', 'USD'],
    ]);
    expect(rows).toEqual([
      { x: '2026-01-07', c0: 1, c1: 1 },
      { x: '2026-01-14', c0: 2, c1: 2 },
    ]);
  });

  it('rates read as sentences, turned round below 0.05; chart values carry the unit', () => {
    expect(rateSentence('EUR', 'USD', 1.08)).toBe('1 EUR = 1.0800 USD');
    expect(rateSentence('HUF', 'EUR', 0.0025)).toBe('1 EUR = 400.0 HUF');
    // Forced the way another rate of the same conversion reads.
    expect(rateSentence('EUR', 'USD', 1.08, true)).toBe('1 USD = 0.9259 EUR');
    expect(valueWithUnit(1500, 'EUR')).toBe('1.50k EUR');
    expect(valueWithUnit(-3.2, 'USD')).toBe('-3.20 USD');
  });
});
