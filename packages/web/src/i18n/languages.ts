import type { Language } from '@kassa/contract';

// The languages of the web app (issue 36) and how the first one is chosen: the account's
// (packages/contract/src/preferences.ts), whose list the web repeats here so that no zod reaches
// the first load (the types keep the two the same; languages.test.ts checks the list is whole).

export type { Language };
export const LANGUAGES = ['en', 'de', 'hu', 'fr', 'es'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, as a language picker lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  hu: 'Magyar',
  fr: 'Français',
  es: 'Español',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The first of the browser's languages Kassa has ('de-AT' counts as 'de'), if any. */
export function browserLanguage(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** This browser's remembered choice: the picker's, or the account's last applied one. */
const STORAGE_KEY = 'kassa.language';

export function rememberedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // storage refused (a private window's policy): no memory
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage refused: the choice lasts for this page only
  }
}

/**
 * The language of a first paint: the remembered choice, else the browser's first language Kassa
 * has, else English. The account's language (userinfo) replaces it once known.
 */
export function initialLanguage(): Language {
  const browser =
    typeof navigator === 'undefined' ? [] : navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return rememberedLanguage() ?? browserLanguage(browser) ?? DEFAULT_LANGUAGE;
}
