import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../i18n';
import { resetDisplayFormat } from '../lib/display-format';

// Screens load lazily (route `lazy`); on a busy two-core CI machine the first import of a chunk
// can take longer than Testing Library's default one second.
configure({ asyncUtilTimeout: 5000 });

// Every web test starts from an empty page, no toasts and no stored token, preferences or book choice.
// (Vitest runs without globals, so Testing Library cannot register its own cleanup.)
afterEach(async () => {
  notifications.clean();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetDisplayFormat();
  // The texts' language is the worker's, shared by its tests: each starts in English (issue 36),
  // even when a test ended with a switch still loading (the last change asked for wins).
  await i18n.changeLanguage('en');
});
