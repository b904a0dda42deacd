import { useTranslation } from 'react-i18next';
import { i18n } from './index';
import { DEFAULT_LANGUAGE, isLanguage, rememberLanguage, type Language } from './languages';

/** The language the texts are in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/**
 * Switches every text to `language` without a reload, and remembers it in this browser. Resolves
 * once the switch is done (a later call overtakes one still loading): the language's files of every namespace in use are loaded first, so
 * no screen shows half its texts in the old language. Saving it to the account is the caller's
 * (POST account/preferences); this is only the screen.
 */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  // Always asked, even for the language shown: a switch still loading is overtaken (the last asked wins).
  await i18n.changeLanguage(language);
}

/** The current language (re-rendering when it changes) and the switch. */
export function useLanguage(): { language: Language; changeLanguage: (language: Language) => Promise<void> } {
  const { i18n: instance } = useTranslation('common');
  const language = isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : DEFAULT_LANGUAGE;
  return { language, changeLanguage };
}
