import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isPlainKey } from '../../lib/keyboard';

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
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      // Another dialog open (search, a confirmation) keeps its keys.
      if (!opened && document.querySelector('[role="dialog"]') !== null) return;
      if (isPlainKey(e, 'n')) {
        e.preventDefault();
        setOpened(false);
        void navigate('/private/add-transaction');
      } else if (isPlainKey(e, '?')) {
        e.preventDefault();
        setUsed(true);
        setOpened(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, opened]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
