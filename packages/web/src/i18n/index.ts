import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import common from './locales/en/common.json';
import { DEFAULT_LANGUAGE, initialLanguage, LANGUAGES } from './languages';
import type { Resources } from './resources';

// The web app's texts (issue 36): one i18next instance, English bundled with the code that shows
// it (`common` here, each feature's namespace by its own module, see `namespace`), the other
// languages fetched per namespace when first needed, each file its own chunk outside the first load.

/** Every language but English, one loader per file; English never comes through here. */
const otherLanguages = import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, ns, callback) {
    const load = otherLanguages[`./locales/${language}/${ns}.json`];
    // English is bundled; a namespace not translated yet falls back to it.
    if (load === undefined) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

export const i18n = i18next.createInstance();

// The page's language follows the texts' (screen readers, hyphenation, the browser's translate offer).
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/**
 * Settles once `common` is in, in the chosen language: main.tsx paints the first screen after it,
 * so no screen starts in English and switches. (No top-level await: it split the first load into
 * many more chunks, 5 kB more on the dashboard.) English is there at once (tests, the first paint).
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    resources: { [DEFAULT_LANGUAGE]: { common } },
    partialBundledLanguages: true,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // An empty translation shows English instead of nothing (the locale test forbids them anyway).
    returnEmptyString: false,
    // Set up at once from the bundled English; another language's files arrive after.
    initAsync: false,
  });

export type Namespace = keyof Resources;

/**
 * A feature's namespace: registers its English texts (imported by the feature, so they load with
 * its code) and starts loading the current language's file at once. Until that is in, a screen
 * using it suspends (react-i18next), which the router's transition shows as the previous screen
 * staying a moment longer: never half in English.
 */
export function namespace<N extends Exclude<Namespace, 'common'>>(ns: N, english: Resources[N]) {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, english, true, true);
  void i18n.loadNamespaces(ns);
  return {
    /** The namespace's `t` in a component: re-renders when the language changes. */
    useT: () => useTranslation(ns),
    /** The namespace's `t` outside React (toasts, lists built at call time), in the current language. */
    t: i18n.getFixedT(null, ns),
  };
}

/** The `common` texts (app chrome, shared components, toasts) in a component. */
export const useT = () => useTranslation('common');

/** The `common` texts outside React, in the current language. */
export const t = i18n.getFixedT(null, 'common');
