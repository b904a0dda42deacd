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

/** Keys with a name the `?` list writes in the page's language ("Strg + K"); single characters stay as they are. */
export const NAMED_KEYS = ['ctrlK', 'enter', 'ctrlEnter', 'esc'] as const;
export type NamedKey = (typeof NAMED_KEYS)[number];
export const isNamedKey = (key: string): key is NamedKey => (NAMED_KEYS as readonly string[]).includes(key);

/** The keys the app answers to, as the `?` list shows them; each action is named by `shortcuts.<action>` in the common texts. */
export const SHORTCUTS: readonly {
  keys: readonly ('n' | '/' | '?' | NamedKey)[];
  action: 'newTransaction' | 'search' | 'list' | 'enter' | 'ctrlEnter' | 'esc';
}[] = [
  { keys: ['n'], action: 'newTransaction' },
  { keys: ['/', 'ctrlK'], action: 'search' },
  { keys: ['?'], action: 'list' },
  { keys: ['enter'], action: 'enter' },
  { keys: ['ctrlEnter'], action: 'ctrlEnter' },
  { keys: ['esc'], action: 'esc' },
];
