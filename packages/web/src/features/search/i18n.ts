import english from '../../i18n/locales/en/search.json';
import { namespace } from '../../i18n';

// The search's texts (issue 36): English loads with the header's search button, another
// language's file as soon as it does.
const texts = namespace('search', english);

export const { useT, t } = texts;
