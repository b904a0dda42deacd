/** What a keydown needs to be told apart: the key, its modifiers and where focus is. */
export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Whether focus is in something the user types into (then `/` is text, not the shortcut). */
export function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** `/`, Ctrl+K or ⌘K, outside inputs, opens the search. */
export function isSearchShortcut(e: ShortcutEvent): boolean {
  if (isTyping(e.target) || e.altKey) return false;
  if (e.key === '/') return !e.ctrlKey && !e.metaKey;
  return (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey);
}
