import type { UpcomingItem } from '@kassa/contract';
import { useState } from 'react';
import { OccurrenceDialog } from './OccurrenceDialog';

/**
 * One confirm-with-changes dialog for a whole list of occurrences: `edit(item)` opens it, `dialog`
 * goes once into the list. The occurrence stays while the dialog fades out.
 */
export function useOccurrenceDialog(nameOf: (item: UpcomingItem) => string) {
  const [state, setState] = useState<{ item: UpcomingItem | null; open: boolean }>({ item: null, open: false });
  const dialog = (
    <OccurrenceDialog
      opened={state.open}
      item={state.item}
      name={state.item === null ? '' : nameOf(state.item)}
      onClose={() => setState((s) => ({ ...s, open: false }))}
    />
  );
  return { edit: (item: UpcomingItem) => setState({ item, open: true }), dialog };
}
