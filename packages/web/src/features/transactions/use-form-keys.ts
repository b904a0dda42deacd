import type { KeyboardEvent } from 'react';
import { useGoBack } from '../../lib/use-go-back';

/**
 * The editors' keys (issue 20, a form without the mouse): Enter in a one-line field saves (the
 * browser's own form submission), Ctrl+Enter or ⌘Enter saves from anywhere in the form, the
 * description too, and Esc cancels: back to the previous page, or the dashboard. An Esc that
 * closes an open list (a select's options) only closes it, and keys in a dialog or popover the
 * form opened (rendered elsewhere in the page) are theirs.
 */
export function useFormKeys(): (e: KeyboardEvent<HTMLFormElement>) => void {
  const goBack = useGoBack('/private/dashboard');
  return (e) => {
    if (e.defaultPrevented || !(e.target instanceof Node) || !e.currentTarget.contains(e.target)) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      // As the Save button would: the browser checks the required fields first.
      e.currentTarget.requestSubmit();
    } else if (e.key === 'Escape') {
      if (e.target instanceof HTMLElement && e.target.getAttribute('aria-expanded') === 'true') return;
      e.preventDefault();
      goBack();
    }
  };
}
