import english from '../../i18n/locales/en/user.json';
import { namespace } from '../../i18n';

// The User page's texts and the invitation link's (issue 36): English loads with these screens,
// another language's file as soon as they do.
const texts = namespace('user', english);

export const { useT, t } = texts;
