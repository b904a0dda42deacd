/** What a keydown needs to be told apart: the key, its modifiers and where focus is. */
export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Whether focus is in something the user types into (then a letter is text, not a shortcut). */
export function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** A one-key shortcut (`n`, `?`): that key, no Ctrl, ⌘ or Alt, and focus outside any input. */
export function isPlainKey(e: ShortcutEvent, key: string): boolean {
  return e.key === key && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target);
}

/** The keys the app answers to, as the `?` list shows them. */
export const SHORTCUTS: readonly { keys: readonly string[]; action: string }[] = [
  { keys: ['n'], action: 'New transaction' },
  { keys: ['/', 'Ctrl + K'], action: 'Search transactions' },
  { keys: ['?'], action: 'Show these shortcuts' },
  { keys: ['Enter'], action: 'Save the form (in a field of one line)' },
  { keys: ['Ctrl + Enter'], action: 'Save the form from anywhere in it, the description too' },
  { keys: ['Esc'], action: 'Close a list or dialog; in a form, cancel and go back' },
];
