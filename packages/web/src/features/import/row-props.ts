import type { ImportRow, Pocket } from '@kassa/contract';
import type { Fate, RowChoice } from './choices';

/** A category picker's choices. */
export type SelectData = { value: string; label: string }[];

/** A category picked for one row that went to the same payee's other rows too, with its undo. */
export interface CategorySpread {
  /** The row it was picked on. */
  line: number;
  /** The other rows that took it. */
  lines: readonly number[];
  onUndo: () => void;
}

/** What each row of the panel, as a table line or a card, is given. */
export interface RowProps {
  row: ImportRow;
  choice: RowChoice | undefined;
  fate: Fate;
  onChoice: (line: number, change: RowChoice) => void;
  pockets: ReadonlyMap<number, Pocket>;
  data: SelectData;
  onRule: (row: ImportRow) => void;
  spread?: CategorySpread;
}
