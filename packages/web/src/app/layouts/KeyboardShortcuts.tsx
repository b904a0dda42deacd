import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { OWN_DEFAULT, withOrWithoutShift } from '../../lib/keyboard';

// The list's code (a modal: overlay, focus trap) loads when `?` is first pressed, so the shell stays small.
const ShortcutsDialog = lazy(async () => ({ default: (await import('./ShortcutsDialog')).ShortcutsDialog }));

/**
 * The app's one-key shortcuts outside inputs: `n` opens a new transaction, `?` lists every
 * shortcut (search's own `/` and Ctrl+K live with the search button).
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  /** `action` for a first press of `key` that no one took before. */
  const shortcut = (key: string, action: () => void) => (e: KeyboardEvent) => {
    // useHotkeys matches a letter in either case: with Caps Lock on, `N` is not the shortcut.
    if (e.defaultPrevented || e.repeat || e.key !== key) return;
    // Another dialog open (search, a confirmation) keeps its keys.
    if (!opened && document.querySelector('[role="dialog"]') !== null) return;
    e.preventDefault();
    action();
  };
  const newTransaction = shortcut('n', () => {
    setOpened(false);
    void navigate('/private/add-transaction');
  });
  const list = shortcut('?', () => {
    setUsed(true);
    setOpened(true);
  });
  // Outside inputs, selects and editable text (useHotkeys' default), never with Ctrl, ⌘ or Alt.
  useHotkeys([['n', newTransaction, OWN_DEFAULT], ...withOrWithoutShift('?', list)]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
