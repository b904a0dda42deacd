import english from '../../i18n/locales/en/admin.json';
import { namespace } from '../../i18n';

// The admin page's texts (issue 36): English loads with the page, another language's file as soon
// as it does.
const texts = namespace('admin', english);

export const { useT, t } = texts;
