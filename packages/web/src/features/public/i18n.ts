import english from '../../i18n/locales/en/public.json';
import { namespace } from '../../i18n';

// The public pages' texts (issue 36): English loads with these pages, another language's file
// as soon as they do.
const texts = namespace('public', english);

export const { useT, t } = texts;
