import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCurrencyRequestSchema } from './currency.js';
import { descriptionSchema, lineSchema, nameSchema } from './common.js';
import { searchQuerySchema } from './search.js';
import { cleanText } from './text.js';

/** Every character the cleaning removes or rewrites, and none it keeps. */
const UNCLEAN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u00AD\u200B\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('cleanText, one line', () => {
  it('removes control characters, and makes tabs and line breaks a space', () => {
    expect(cleanText('Wal\u0000let')).toBe('Wallet');
    expect(cleanText('Tea\u0001 for\u0007 two\u001b\u009b\u007f')).toBe('Tea for two');
    expect(cleanText('Cash\nbox')).toBe('Cash box');
    expect(cleanText('Cash\r\n\tbox\u0085end\u2028of\u2029line\u000b\u000c.')).toBe('Cash box end of line .');
    expect(cleanText('\n Rent \n')).toBe('Rent');
  });

  it('removes bidi embeddings, overrides and isolates, which reorder what is shown', () => {
    expect(cleanText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanText('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069')).toBe('abcdefgh');
  });

  it('removes invisible characters no script needs; keeps joiners, direction marks and tag characters', () => {
    expect(cleanText('Fo\u200Bod\u00AD\u2060\u2061\u2064\u206A\u206F\uFEFF\uFFF9\uFFFB')).toBe('Food');
    // Persian with a zero-width non-joiner, a family emoji (zero-width joiners), Hebrew with RLM.
    for (const kept of [
      'می\u200Cخواهم',
      '👨\u200D👩\u200D👧',
      'שלום\u200F!',
      'a\u200Eb\u061Cc',
      '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
      '❤\uFE0F',
    ])
      expect(cleanText(kept)).toBe(kept);
  });

  it('replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(cleanText('a\uD800b')).toBe('a\uFFFDb');
    expect(cleanText('a\uDC00b\uD83D')).toBe('a\uFFFDb\uFFFD');
    expect(cleanText('\uDC00\uD800')).toBe('\uFFFD\uFFFD');
    expect(cleanText('pay 💶')).toBe('pay 💶');
  });

  it('puts text in NFC and makes every run of white space one space, trimmed', () => {
    expect(cleanText('Cafe\u0301')).toBe('Café');
    expect(cleanText('Cafe\u0301')).toBe(cleanText('Caf\u00E9'));
    expect(cleanText('  a \u00A0\u3000 b  ')).toBe('a b');
    // The removal comes before NFC: a mark split from its letter by a zero-width space joins it.
    expect(cleanText('e\u200B\u0301')).toBe('é');
  });

  it('leaves plain text as it is', () => {
    for (const text of ['', 'Rent', 'REWE SAGT DANKE 4711', 'Müller & Söhne', '東京', 'a-b (58)', '=1+1'])
      expect(cleanText(text)).toBe(text);
  });
});

describe('cleanText, several lines', () => {
  it('keeps line breaks as \\n and tidies each line, keeping at most one empty line', () => {
    expect(cleanText('Lunch\u0000 with\u0007 Bob\r\nand\u001b Ann\u009b', 'lines')).toBe('Lunch with Bob\nand Ann');
    expect(cleanText('\n\n a \t b \r\r\r\r c\u2028d \n', 'lines')).toBe('a b\n\nc\nd');
    expect(cleanText('x\u202E\n\u200By\uD800', 'lines')).toBe('x\ny\uFFFD');
  });
});

describe('cleanText properties', () => {
  const anyText = fc.string({ unit: 'binary', maxLength: 60 });
  const hostile = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '\u0000',
          '\u0001',
          '\n',
          '\r\n',
          '\t',
          '\u202E',
          '\u2066',
          '\u200B',
          '\uFEFF',
          '\uD800',
          '\uDC00',
          '\u0301',
          ' ',
          '\u00A0',
        ),
        fc.string({ maxLength: 4 }),
      ),
      { maxLength: 20 },
    )
    .map((parts) => parts.join(''));

  it('is idempotent and leaves no control, bidi, invisible character or lone surrogate, in NFC', () => {
    for (const lines of ['line', 'lines'] as const) {
      fc.assert(
        fc.property(fc.oneof(anyText, hostile), (text) => {
          const clean = cleanText(text, lines);
          expect(cleanText(clean, lines)).toBe(clean);
          expect(clean.replace(/\n/g, '')).not.toMatch(UNCLEAN);
          expect(clean).not.toMatch(LONE_SURROGATE);
          expect(clean.normalize('NFC')).toBe(clean);
          expect(clean.trim()).toBe(clean);
          if (lines === 'line') expect(clean).not.toMatch(/\s\s|\n/);
        }),
        { numRuns: 2000 },
      );
    }
  });
});

describe('the text schemas', () => {
  it('clean names, lines, descriptions, currency/add pocket names and search words alike', () => {
    expect(nameSchema().parse(' Wal\u0000let\u202E\n')).toBe('Wallet');
    expect(lineSchema(100).parse('\u0001Doe\uD800')).toBe('Doe\uFFFD');
    expect(descriptionSchema.parse('Tea\u0001\r\nfor two\u202E')).toBe('Tea\nfor two');
    expect(
      addCurrencyRequestSchema.parse({
        currency: 'usd',
        items: [{ name: 'Cash\nbox' }, { name: '\u0000Wal\u202Elet' }],
      }).items,
    ).toEqual([
      { name: 'Cash box', isCash: false },
      { name: 'Wallet', isCash: false },
    ]);
    expect(searchQuerySchema.parse({ q: ' cafe\u0301\u0000 \n bar ' }).q).toBe('café bar');
  });

  it('refuse a required name that cleaning leaves empty, and count length after cleaning', () => {
    expect(nameSchema().safeParse('\u0000\u202E\u200B \n').error?.issues[0]?.message).toBe('is required');
    expect(addCurrencyRequestSchema.safeParse({ currency: 'USD', items: [{ name: '\n\u0000' }] }).success).toBe(false);
    expect(nameSchema(3).parse('a\u0000b\u0000c')).toBe('abc');
    expect(nameSchema(3).safeParse('abcd').success).toBe(false);
  });
});
