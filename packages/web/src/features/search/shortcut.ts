import { useHotkeys } from '@mantine/hooks';
import { withOrWithoutShift } from '../../lib/keyboard';

/**
 * `/` outside inputs, or Ctrl+K / ⌘K anywhere, calls `open`: Ctrl+K types no text, and the
 * forms open with the focus in a field. Alt never; Ctrl or ⌘ with `/` neither.
 */
export function useSearchShortcut(open: () => void) {
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    e.preventDefault();
    open();
  };
  useHotkeys(withOrWithoutShift('/', onKey));
  // No tags ignored, editable text included: inside every field too.
  useHotkeys(withOrWithoutShift('mod+k', onKey), [], true);
}
