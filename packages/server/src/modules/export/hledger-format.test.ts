import { currencyInfo, dayFromIso } from '@kassa/money';
import { describe, expect, it } from 'vitest';
import type { CategoryRow } from '../categories/repository.js';
import { bundledRates } from '../rates/bundle.js';
import { Converter } from '../rates/conversion.js';
import { prng } from '../../util/prng.js';
import { accountPart, categoryAccounts, commodityLine, priceLine, title } from './hledger-format.js';

const category = (
  id: number,
  name: string,
  type: CategoryRow['type'],
  isIncome: boolean | null = null,
  isActive = true,
): CategoryRow => ({
  id,
  name,
  type,
  isIncome,
  description: '',
  isBuiltIn: false,
  isActive,
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
      4: { counter: 'expenses:a-b (#4)' },
      5: { counter: 'income:Pay' },
      6: { counter: 'assets:loans:Bob' },
      7: { counter: 'assets:business:Shop', pnl: 'income:business:Shop' },
      8: { counter: 'assets:business:Shop (#8)', pnl: 'income:business:Shop (#8)' },
      9: { counter: 'equity:external' },
    });
  });

  it('gives each category its own account by construction, whatever the names', () => {
    const hostile = [
      category(10, 'a-b', 'real', false),
      category(11, 'a-b (58)', 'real', false), // the old suffix of id 58
      category(12, 'a-b (#58)', 'real', false), // the suffix of id 58
      category(58, 'a:b', 'real', false),
      category(13, 'x:y:z', 'real', false),
      category(14, 'two  spaces', 'real', false),
      category(15, 'two spaces', 'real', false),
      category(16, '  padded\t', 'real', false),
      category(17, 'padded', 'real', false),
      category(18, 'semi;colon', 'real', false),
      category(19, 'semi,colon', 'real', false),
      category(20, '[bracket]', 'real', false),
      category(21, '(paren)', 'real', false),
      category(22, 'a\uFF1Ab', 'real', false), // fullwidth colon
      category(23, '\u0430-b', 'real', false), // Cyrillic a
      category(24, ' ', 'real', false),
      category(25, ' : ', 'real', false),
      category(26, '-', 'real', false),
      category(27, 'Same', 'real', true),
      category(28, 'Same', 'real', false),
      category(29, 'Twice', 'real', false, false),
      category(30, 'Twice', 'real', false),
      category(31, 'business', 'real', true), // would be the parent of every business P&L account
      category(32, 'Shop', 'business'),
      category(33, 'Shop', 'loan'),
      category(34, 'Shop:x', 'business'),
      category(35, 'Shop-x', 'business'),
      category(36, 'Cash\u0001\u2028box', 'real', false),
      category(37, 'Cash box', 'real', false),
    ];
    const accounts = categoryAccounts(hostile);
    expect(
      Object.fromEntries([...accounts].map(([id, a]) => [id, a.pnl === undefined ? a.counter : [a.counter, a.pnl]])),
    ).toEqual({
      10: 'expenses:a-b',
      11: 'expenses:a-b (58)',
      12: 'expenses:a-b (#58) (#12)',
      58: 'expenses:a-b (#58)',
      13: 'expenses:x-y-z',
      14: 'expenses:two spaces',
      15: 'expenses:two spaces (#15)',
      16: 'expenses:padded',
      17: 'expenses:padded (#17)',
      18: 'expenses:semi,colon',
      19: 'expenses:semi,colon (#19)',
      20: 'expenses:[bracket]',
      21: 'expenses:(paren)',
      22: 'expenses:a\uFF1Ab',
      23: 'expenses:\u0430-b',
      24: 'expenses:-',
      25: 'expenses:- (#25)',
      26: 'expenses:- (#26)',
      27: 'income:Same',
      28: 'expenses:Same',
      29: 'expenses:Twice',
      30: 'expenses:Twice (#30)',
      31: 'income:business (#31)',
      32: ['assets:business:Shop', 'income:business:Shop'],
      33: 'assets:loans:Shop',
      34: ['assets:business:Shop-x', 'income:business:Shop-x'],
      35: ['assets:business:Shop-x (#35)', 'income:business:Shop-x (#35)'],
      36: 'expenses:Cash box',
      37: 'expenses:Cash box (#37)',
    });
    // However the ids are ordered, no two categories share an account.
    const reversed = categoryAccounts([...hostile].reverse());
    expect(reversed).toEqual(accounts);
    const names = [...accounts.values()].flatMap((a) => (a.pnl === undefined ? [a.counter] : [a.counter, a.pnl]));
    expect(new Set(names).size).toBe(names.length);
  });

  it('cannot be fooled by names made of the pieces of other names and suffixes', () => {
    // Names built from the characters the cleaning maps and the suffix uses, with ids that
    // appear inside other names: every category still gets an account of its own.
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const pieces = ['a', '-', ':', ' ', '  ', ';', ',', '\t', ...ids.flatMap((id) => [` (${id})`, ` (#${id})`])];
    const random = prng(31);
    for (let round = 0; round < 200; round++) {
      const categories: CategoryRow[] = [];
      for (const id of ids) {
        let name = '';
        for (let n = 1 + random(3); n > 0; n--) name += pieces[random(pieces.length)] ?? '';
        categories.push(category(id, name, random(2) === 0 ? 'real' : 'business', false));
      }
      const names = [...categoryAccounts(categories).values()].flatMap((a) =>
        a.pnl === undefined ? [a.counter] : [a.counter, a.pnl],
      );
      expect(new Set(names).size, JSON.stringify(categories.map((c) => c.name))).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[^:\s;]+(:[^:;\s]+(?: [^:;\s]+)*)+$/u);
    }
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
