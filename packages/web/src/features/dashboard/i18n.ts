import english from '../../i18n/locales/en/dashboard.json';
import { namespace } from '../../i18n';

// The dashboard's texts (issue 36): English loads with the dashboard, another language's file as
// soon as it does.
const texts = namespace('dashboard', english);

export const { useT, t } = texts;
