import { t } from '../i18n';

// Words of the fixpoint flow added with offline entry (issue 36), in the current language when read
// (the operations namespace's fixpoint.offlineReview, queuedTitle, queuedBody).
export const FIXPOINT_TEXTS = {
  get offlineReview() {
    return t('fixpoint.offlineReview');
  },
  get queuedTitle() {
    return t('fixpoint.queuedTitle');
  },
  get queuedBody() {
    return t('fixpoint.queuedBody');
  },
};
