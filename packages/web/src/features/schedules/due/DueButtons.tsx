import { Button, Group } from '@mantine/core';
import type { UpcomingItem } from '@kassa/contract';
import { IconCheck, IconPencil, IconPlayerSkipForward } from '@tabler/icons-react';
import { notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../shared/session';
import { useOccurrenceActions } from '../api';
import { asksEachTime, dateText } from '../entry-text';

interface Props {
  item: UpcomingItem;
  /** The entry's name, for the buttons' accessible names. */
  name: string;
  /** Opens the confirm dialog with changes (and for an amount asked each time). */
  onEdit: (item: UpcomingItem) => void;
}

const icon = { size: 14, stroke: 1.75 };

/**
 * Confirm, Skip and Edit of a due occurrence. Confirm and Skip act in one click; an occurrence
 * without a stored amount has nothing to post yet, so its Confirm opens the dialog like Edit.
 */
export function DueButtons({ item, name, onEdit }: Props) {
  const { confirm, skip } = useOccurrenceActions();
  const ask = asksEachTime(item.payload);
  const what = `${name} of ${dateText(item.date)}`;
  const busy = confirm.isPending || skip.isPending;

  const confirmNow = () => {
    if (ask) {
      onEdit(item);
      return;
    }
    // The promise, not mutate's callbacks: those are dropped when the row goes with the refresh.
    void confirm.mutateAsync({ id: item.scheduleId, body: { occurrence: item.occurrence } }).then(
      (posted) => notifySuccess(posted.kind === 'conversion' ? 'Conversion added' : 'Transaction added'),
      (err: unknown) => reportFailure(err),
    );
  };
  const skipNow = () =>
    void skip.mutateAsync({ id: item.scheduleId, occurrence: item.occurrence }).then(
      () => notifySuccess('Occurrence skipped'),
      (err: unknown) => reportFailure(err),
    );

  return (
    <Group gap={6} wrap="wrap">
      <Button
        size="compact-sm"
        leftSection={<IconCheck {...icon} />}
        aria-label={`Confirm ${what}`}
        loading={confirm.isPending}
        disabled={busy && !confirm.isPending}
        onClick={confirmNow}
      >
        Confirm
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconPlayerSkipForward {...icon} />}
        aria-label={`Skip ${what}`}
        loading={skip.isPending}
        disabled={busy && !skip.isPending}
        onClick={skipNow}
      >
        Skip
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil {...icon} />}
        aria-label={`Edit ${what}`}
        disabled={busy}
        onClick={() => onEdit(item)}
      >
        Edit
      </Button>
    </Group>
  );
}
