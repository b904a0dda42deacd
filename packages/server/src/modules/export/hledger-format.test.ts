import { currencyInfo, dayFromIso } from '@kassa/money';
import { describe, expect, it } from 'vitest';
import type { CategoryRow } from '../categories/repository.js';
import { bundledRates } from '../rates/bundle.js';
import { Converter } from '../rates/conversion.js';
import { accountPart, categoryAccounts, commodityLine, priceLine, title } from './hledger-format.js';

const category = (
  id: number,
  name: string,
  type: CategoryRow['type'],
  isIncome: boolean | null = null,
): CategoryRow => ({
  id,
  name,
  type,
  isIncome,
  description: '',
  isBuiltIn: false,
  isActive: true,
  monthlyLimit: null,
  rollover: false,
  lastUsed: 0,
});

describe('hledger journal text', () => {
  it('makes category names safe account parts', () => {
    expect(accountPart('Food: out;  side\tlate')).toBe('Food- out, side late');
    expect(accountPart('  ')).toBe('-');
    expect(accountPart('Café & Bar')).toBe('Café & Bar');
  });

  it('maps each kind to its accounts and keeps colliding names apart', () => {
    const accounts = categoryAccounts([
      category(4, 'a-b', 'real', false),
      category(3, 'a:b', 'real', false),
      category(5, 'Pay', 'real', true),
      category(6, 'Bob', 'loan'),
      category(7, 'Shop', 'business'),
      category(8, 'Shop', 'business'),
      category(9, 'Untracked accounts', 'external'),
    ]);
    expect(Object.fromEntries(accounts)).toEqual({
      3: { counter: 'expenses:a-b' },
      4: { counter: 'expenses:a-b (4)' },
      5: { counter: 'income:Pay' },
      6: { counter: 'assets:loans:Bob' },
      7: { counter: 'assets:business:Shop', pnl: 'income:business:Shop' },
      8: { counter: 'assets:business:Shop (8)', pnl: 'income:business:Shop (8)' },
      9: { counter: 'equity:external' },
    });
  });

  it('keeps titles on one line, without comments, statuses or codes', () => {
    expect(title('Rent;\nMarch')).toBe('Rent, March');
    expect(title('* cleared?')).toBe("'* cleared?");
    expect(title('!x')).toBe("'!x");
    expect(title('(code) x')).toBe("'(code) x");
  });

  it('declares each currency with its decimals and prices it with 30 significant digits', () => {
    expect(commodityLine(currencyInfo('JPY'))).toBe('commodity 1000. JPY');
    expect(commodityLine(currencyInfo('BHD'))).toBe('commodity 1000.000 BHD');
    const converter = new Converter(bundledRates(), currencyInfo('EUR'));
    const line = priceLine(converter, currencyInfo('USD'), dayFromIso('2024-03-04') ?? 0);
    expect(line).toMatch(/^P 2024-03-04 USD 0\.\d{30} EUR$/);
    // Kassa's own 10-digit rate is the same number, rounded.
    const [, , , rate = ''] = line.split(' ');
    expect(Number(rate).toPrecision(10)).toBe(
      Number(converter.rate(currencyInfo('USD'), dayFromIso('2024-03-04') ?? 0)).toPrecision(10),
    );
  });
});
