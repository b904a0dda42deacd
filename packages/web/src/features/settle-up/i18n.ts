import english from '../../i18n/locales/en/settle-up.json';
import { namespace } from '../../i18n';

// Settle-up's texts (issue 36): English loads with the screen, another language's file as soon as
// it does. `t` serves the figures in words outside React (balances, payments).
const texts = namespace('settle-up', english);

export const { useT, t } = texts;
