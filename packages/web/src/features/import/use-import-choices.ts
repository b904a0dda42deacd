import type { ImportPreview, ImportRow } from '@kassa/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fatesOf, samePayeeLines, type Choices, type RowChoice } from './choices';
import type { CategorySpread } from './row-props';

const NO_CHOICES: Choices = new Map();

/** The choices made on one preview; `carry` keeps them for the next preview of the same file and settings. */
interface ChoiceState {
  batchId: number | null;
  map: Choices;
  carry: boolean;
}

/** Merges a change into each of `lines`' choices; a field set to undefined goes back to the preview's proposal. */
function mergedAll(map: Choices, lines: readonly number[], change: RowChoice): Choices {
  const next = new Map(map);
  for (const line of lines) {
    const entry = Object.fromEntries(
      Object.entries({ ...map.get(line), ...change } as Record<string, unknown>).filter(([, v]) => v !== undefined),
    ) as RowChoice;
    if (Object.keys(entry).length === 0) next.delete(line);
    else next.set(line, entry);
  }
  return next;
}

const merged = (map: Choices, line: number, change: RowChoice) => mergedAll(map, [line], change);

/** A category spread to the same payee's rows, on the preview it was made on. */
interface SpreadState {
  batchId: number;
  line: number;
  lines: readonly number[];
  categoryId: number;
}

/**
 * The choices made on the rows of `preview` (the last one answered), their fates, and the last
 * category that went to the same payee's other rows too, with its undo. `rowsPreview` is the
 * preview while its rows stand.
 */
export function useImportChoices(preview: ImportPreview | undefined, rowsPreview: ImportPreview | undefined) {
  const [spreadState, setSpreadState] = useState<SpreadState | null>(null);
  const [choiceState, setChoiceState] = useState<ChoiceState>({ batchId: null, map: NO_CHOICES, carry: false });
  // A new preview starts without choices, unless it only refreshed the same rows (after a new rule).
  if (preview !== undefined && choiceState.batchId !== preview.batchId) {
    setChoiceState({ batchId: preview.batchId, map: choiceState.carry ? choiceState.map : NO_CHOICES, carry: false });
  }
  const choices = preview !== undefined && choiceState.batchId === preview.batchId ? choiceState.map : NO_CHOICES;
  const fates = useMemo(() => fatesOf(rowsPreview?.rows ?? [], choices), [rowsPreview, choices]);

  // What a category pick needs to find the payee's other rows, without a new onChoice (and a
  // re-render of every row) each time a choice changes.
  const latest = useRef({ rows: [] as readonly ImportRow[], choices, fates, batchId: -1 });
  useEffect(() => {
    latest.current = { rows: rowsPreview?.rows ?? [], choices, fates, batchId: rowsPreview?.batchId ?? -1 };
  }, [rowsPreview, choices, fates]);

  const onChoice = useCallback((line: number, change: RowChoice) => {
    const now = latest.current;
    const categoryId = change.categoryId;
    const others =
      categoryId === undefined || categoryId === null ? [] : samePayeeLines(now.rows, now.choices, now.fates, line);
    setChoiceState((s) => ({ ...s, map: mergedAll(merged(s.map, line, change), others, { categoryId }) }));
    if (categoryId !== undefined)
      setSpreadState(
        categoryId === null || others.length === 0 ? null : { batchId: now.batchId, line, lines: others, categoryId },
      );
  }, []);

  const spread = useMemo((): CategorySpread | null => {
    if (spreadState === null || spreadState.batchId !== rowsPreview?.batchId) return null;
    const { line, lines, categoryId } = spreadState;
    const onUndo = () => {
      // Rows whose category was changed again since keep the newer choice.
      const still = lines.filter((l) => latest.current.choices.get(l)?.categoryId === categoryId);
      setChoiceState((s) => ({ ...s, map: mergedAll(s.map, still, { categoryId: undefined }) }));
      setSpreadState(null);
    };
    return { line, lines, onUndo };
  }, [spreadState, rowsPreview]);

  /** The next preview (the same rows, read again) keeps the choices made so far. */
  const carryToNextRead = () => setChoiceState((s) => ({ ...s, carry: true }));
  /** Every choice goes, with the file. */
  const clear = () => setChoiceState({ batchId: null, map: NO_CHOICES, carry: false });

  return { choices, fates, onChoice, spread, carryToNextRead, clear };
}

export type ImportChoices = ReturnType<typeof useImportChoices>;
