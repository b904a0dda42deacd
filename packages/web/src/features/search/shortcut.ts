import { isTyping, type ShortcutEvent } from '../../lib/keyboard';

/**
 * `/` outside inputs, or Ctrl+K / ⌘K anywhere, opens the search: Ctrl+K types no text, and the
 * forms open with the focus in a field.
 */
export function isSearchShortcut(e: ShortcutEvent): boolean {
  if (e.altKey) return false;
  if (e.key === '/') return !e.ctrlKey && !e.metaKey && !isTyping(e.target);
  return (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey);
}
