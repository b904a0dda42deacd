// The outbox's words (issue 36). English only; the i18n follow-ups translate.
export const OUTBOX_TEXTS = {
  queuedOffline: 'Saved on this device: it will be sent when you are back online.',
  queuedBehind: 'Saved on this device: it will be sent after the entries waiting before it.',
} as const;
