import type { Transaction } from '@kassa/contract';
import { useState } from 'react';
import { clickRow, toggleVisible, type Selection } from './selection';

interface State {
  /** The filter the selection was made under: another filter starts with none selected. */
  key: string;
  selection: Selection;
  anchor: number | undefined;
  /** Set when "select all matching the filter" collected every row. */
  allMatching: boolean;
}

const empty = (key: string): State => ({ key, selection: new Map(), anchor: undefined, allMatching: false });

/** The list's selected transactions (selection.ts rules), cleared whenever the filter changes. */
export function useRowSelection(filterKey: string) {
  const [stored, setState] = useState<State>(() => empty(filterKey));
  const state = stored.key === filterKey ? stored : empty(filterKey);
  const update = (next: Partial<State>) => setState({ ...state, allMatching: false, ...next });
  return {
    selection: state.selection,
    allMatching: state.allMatching,
    click: (row: Transaction, shift: boolean, visible: readonly Transaction[]) =>
      update(clickRow(state.selection, visible, row, shift, state.anchor)),
    toggleVisible: (visible: readonly Transaction[]) => update({ selection: toggleVisible(state.selection, visible) }),
    selectAll: (rows: readonly Transaction[]) =>
      update({ selection: new Map(rows.map((t) => [t.id, t])), allMatching: true }),
    clear: () => setState(empty(filterKey)),
  };
}
