import english from '../../i18n/locales/en/analytics.json';
import { i18n, namespace } from '../../i18n';

// Analytics' texts (issue 36): English loads with these screens, another language's file as soon
// as they do. `t` serves the rules outside React (labels of figures, bridge steps, chart series).
const texts = namespace('analytics', english);

export const { useT, t } = texts;

/**
 * A text in English whatever the language: the names of figures and sections in data-figure and
 * data-section, which tests look up, stay the same in every language.
 */
export const inEnglish = i18n.getFixedT('en', 'analytics');
