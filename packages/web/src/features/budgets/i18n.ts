import english from '../../i18n/locales/en/budgets.json';
import { i18n, namespace } from '../../i18n';

// The budgets' texts (issue 36): English loads with the screen (and the dashboard's card), another
// language's file as soon as they do.
const texts = namespace('budgets', english);

export const { useT, t } = texts;

/** The language texts are shown in now, for the month names Intl writes ("November 2026", "2026. november"). */
export const currentLanguage = (): string => i18n.language;
