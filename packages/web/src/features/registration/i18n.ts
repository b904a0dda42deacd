import english from '../../i18n/locales/en/registration.json';
import { namespace } from '../../i18n';

// The registration steps' texts (issue 36): English loads with these pages, another language's
// file as soon as they do.
const texts = namespace('registration', english);

export const { useT, t } = texts;
