import { isTyping, type ShortcutEvent } from '../../lib/keyboard';

/** `/`, Ctrl+K or ⌘K, outside inputs, opens the search. */
export function isSearchShortcut(e: ShortcutEvent): boolean {
  if (isTyping(e.target) || e.altKey) return false;
  if (e.key === '/') return !e.ctrlKey && !e.metaKey;
  return (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey);
}
