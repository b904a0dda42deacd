import english from '../../i18n/locales/en/help.json';
import { namespace } from '../../i18n';

// Help's texts (issue 36), a namespace of their own: the prose loads only with the Help page.
const texts = namespace('help', english);

export const { useT } = texts;
