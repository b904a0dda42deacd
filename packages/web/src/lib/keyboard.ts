import type { HotkeyItem } from '@mantine/hooks';

/**
 * Options for a key handled with Mantine's `useHotkeys`: the handler prevents the default
 * itself, once it takes the key (useHotkeys would before calling it, and the handler could then
 * no longer tell a key another handler already took).
 */
export const OWN_DEFAULT = { preventDefault: false } as const;

/**
 * `useHotkeys` entries for a key whether Shift is held or not: `?` takes Shift on most layouts,
 * `/` on some (useHotkeys matches Shift exactly). Ctrl, ⌘ and Alt are matched exactly.
 */
export function withOrWithoutShift(hotkey: string, handler: (e: KeyboardEvent) => void): HotkeyItem[] {
  return [
    [hotkey, handler, OWN_DEFAULT],
    [`shift+${hotkey}`, handler, OWN_DEFAULT],
  ];
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
