// Words of the fixpoint flow added with offline entry (issue 36). English only; the i18n
// follow-ups translate.
export const FIXPOINT_TEXTS = {
  offlineReview:
    'You are offline: the errors are calculated when the fixpoint reaches the server. It is stated as of now.',
  queuedTitle: 'Fixpoint saved on this device',
  queuedBody: 'It will be sent when you are back online; until then it waits on the transaction list.',
} as const;
