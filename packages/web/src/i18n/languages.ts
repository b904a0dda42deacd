import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, languages, type Language } from '@kassa/contract/constants';

// The languages of the web app (issue 36) and how the first one is chosen: the contract's list,
// from its zod-free constants, so no schema code reaches the first load.

export type { Language };
export { DEFAULT_LANGUAGE, LANGUAGE_NAMES };
export const LANGUAGES = languages;

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
