import english from '../../i18n/locales/en/transactions.json';
import { namespace } from '../../i18n';

// The texts of the transaction list, the entry forms and their editors (issue 36): English loads
// with them, another language's file as soon as they do.
const texts = namespace('transactions', english);

export const { useT, t } = texts;
