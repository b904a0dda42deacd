import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

// Every language has every text English has (issue 36): the same keys per namespace, the same
// placeholders and markup, each plural form its language needs (CLDR, as Intl.PluralRules and
// i18next count them), and no empty text.

type Texts = { [key: string]: string | Texts };
const files = import.meta.glob<Texts>('./locales/*/*.json', { eager: true, import: 'default' });

/** locale -> namespace -> flat key -> text */
const locales = new Map<string, Map<string, Map<string, string>>>();
for (const [path, texts] of Object.entries(files)) {
  const [, lng = '', ns = ''] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  const byNs = locales.get(lng) ?? new Map<string, Map<string, string>>();
  byNs.set(ns, flatten(texts));
  locales.set(lng, byNs);
}

function flatten(texts: Texts, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => PLURAL.exec(key)?.[1];
const categories = (lng: string) => new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?([a-z0-9]+)\s*\/?>/gi)].map((m) => m[0]).sort();

/** The keys `lng` must have for English's keys: plain ones as they are, plurals in `lng`'s forms. */
function expectedKeys(english: Map<string, string>, lng: string): string[] {
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const base = pluralBase(key);
    if (base === undefined) keys.add(key);
    else for (const form of categories(lng)) keys.add(`${base}_${form}`);
  }
  return [...keys].sort();
}

const english = locales.get('en') ?? new Map<string, Map<string, string>>();

describe('the locale files', () => {
  it('are there for every language and no other', () => {
    expect([...locales.keys()].sort()).toEqual([...LANGUAGES].sort());
    expect(english.has('common')).toBe(true);
  });

  it('give English every plural form English needs', () => {
    for (const [ns, texts] of english)
      for (const key of texts.keys()) {
        const base = pluralBase(key);
        if (base !== undefined)
          expect(
            categories('en').map((form) => texts.has(`${base}_${form}`)),
            `${ns}:${base}`,
          ).not.toContain(false);
      }
  });

  for (const lng of LANGUAGES.filter((l) => l !== 'en'))
    describe(lng, () => {
      it('has every namespace of English and no other', () => {
        expect([...(locales.get(lng)?.keys() ?? [])].sort()).toEqual([...english.keys()].sort());
      });

      it("has exactly English's keys in each namespace, plurals in its own forms", () => {
        for (const [ns, texts] of english)
          expect([...(locales.get(lng)?.get(ns)?.keys() ?? [])].sort(), ns).toEqual(expectedKeys(texts, lng));
      });

      it('keeps the placeholders and markup of each English text', () => {
        for (const [ns, texts] of english) {
          const translated = locales.get(lng)?.get(ns) ?? new Map<string, string>();
          for (const [key, text] of translated) {
            const base = pluralBase(key);
            // A plural form may leave the count out ("Eine Buchung"); every other placeholder stays.
            const source = base === undefined ? english.get(ns)?.get(key) : texts.get(`${base}_other`);
            const wanted = placeholders(source ?? '');
            const got = placeholders(text);
            if (base === undefined) expect(got, `${lng}/${ns}:${key}`).toEqual(wanted);
            else
              expect(
                got.filter((p) => p !== 'count'),
                `${lng}/${ns}:${key}`,
              ).toEqual(wanted.filter((p) => p !== 'count'));
            expect(tags(text), `${lng}/${ns}:${key}`).toEqual(tags(source ?? ''));
          }
        }
      });
    });

  it('have no empty text', () => {
    for (const [lng, byNs] of locales)
      for (const [ns, texts] of byNs)
        for (const [key, text] of texts) expect(text.trim(), `${lng}/${ns}:${key}`).not.toBe('');
  });
});
