import english from '../../i18n/locales/en/manage.json';
import { namespace } from '../../i18n';

// The Manage screens' texts (issue 36): English loads with these screens, another language's file
// as soon as they do.
const texts = namespace('manage', english);

export const { useT, t } = texts;
