import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, initialLanguage, LANGUAGE_NAMES, LANGUAGES, rememberLanguage } from './languages';

describe('the languages (issue 36)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are the five the account knows, each with its own name', () => {
    expect([...LANGUAGES].sort()).toEqual(Object.keys(LANGUAGE_NAMES).sort());
    expect(LANGUAGE_NAMES.hu).toBe('Magyar');
  });

  it("take the browser's first language Kassa has, by its primary tag", () => {
    expect(browserLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(browserLanguage(['pt-BR', 'fr-CA', 'es'])).toBe('fr');
    expect(browserLanguage(['HU'])).toBe('hu');
    expect(browserLanguage(['zh-CN'])).toBeUndefined();
    expect(browserLanguage([])).toBeUndefined();
  });

  it("start in the remembered choice, else the browser's language, else English", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['es-MX', 'en']);
    expect(initialLanguage()).toBe('es');
    rememberLanguage('hu');
    expect(initialLanguage()).toBe('hu');
    localStorage.clear();
    languages.mockReturnValue(['ja', 'ko']);
    expect(initialLanguage()).toBe('en');
  });
});
