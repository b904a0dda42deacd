import { describe, expect, it } from 'vitest';
import { rateText } from '../../../shared/rate-provenance';
import { missingCurrencies, dailyRatesCaption } from './rate-text';

describe('daily rate wording', () => {
  it('reads "1 main = rate code", with spec §9 decimals', () => {
    expect(rateText('EUR', 'USD', 1.0842)).toBe('1 EUR = 1.0842 USD');
    expect(rateText('EUR', 'HUF', 400.12)).toBe('1 EUR = 400.1 HUF');
    expect(rateText('EUR', 'JPY', 612.3)).toBe('1 EUR = 612 JPY');
  });

  it('turns the sentence round for rates shown inverted (below 0.05)', () => {
    expect(rateText('HUF', 'EUR', 0.0025)).toBe('1 EUR = 400.0 HUF');
    expect(rateText('USD', 'EUR', 0.05)).toBe('1 USD = 0.0500 EUR');
  });

  it('offers only the supported currencies the user lacks', () => {
    expect(missingCurrencies(['EUR', 'USD', 'HUF'], ['HUF', 'EUR'])).toEqual(['USD']);
    expect(missingCurrencies(['EUR'], ['EUR'])).toEqual([]);
  });
});

describe('the rates caption (issue 22)', () => {
  it('names the day and source of the stored rates', () => {
    const leg = (currency: string, day: string) => ({ currency, day, rate: '1.1', source: 'ecb' });
    expect(dailyRatesCaption([])).toBeNull();
    expect(dailyRatesCaption([leg('USD', '2026-05-04')])).toBe(
      'Rates of 2026.05.04. (live feed: ECB), the latest stored for each currency.',
    );
    expect(dailyRatesCaption([leg('USD', '2026-05-04'), leg('HUF', '2026-05-01')])).toContain(
      'of 2026.05.01. to 2026.05.04.',
    );
  });
});
