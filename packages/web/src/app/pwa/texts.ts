// The installable app's words on screen, in one place for the translations to come.
export const UPDATE_TEXTS = {
  message: 'A new version of Kassa is available.',
  reload: 'Reload',
  close: 'Close the message',
} as const;
