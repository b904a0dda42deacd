import english from '../../i18n/locales/en/operations.json';
import { namespace } from '../../i18n';

// The texts of Operations (the fixpoint flow and editor, the loan and business overviews; issue
// 36): English loads with them, another language's file as soon as they do.
const texts = namespace('operations', english);

export const { useT, t } = texts;
