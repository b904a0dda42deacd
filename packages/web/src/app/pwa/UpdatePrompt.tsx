import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { UPDATE_TEXTS } from './texts';

/** The id of the "new version" toast: one at a time, however often the worker says so. */
export const UPDATE_TOAST_ID = 'kassa-update';

/** Whether a new version waits, and what the user can do about it (use-service-worker.ts). */
export interface UpdateState {
  /** A new version's service worker is installed and waiting to take over. */
  needRefresh: boolean;
  /** Lets it take over; the page reloads once it controls the page. */
  reload: () => void;
  /** Puts the question off until the next visit. */
  dismiss: () => void;
}

function UpdateToast({ onReload }: { onReload: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{UPDATE_TEXTS.message}</Text>
      <Button size="compact-sm" variant="light" onClick={onReload} style={{ flexShrink: 0 }}>
        {UPDATE_TEXTS.reload}
      </Button>
    </Group>
  );
}

/**
 * "A new version of Kassa is available." with Reload, as a toast that stays until answered
 * (bottom-centre like every toast, spec §9; it blocks nothing). Closing it puts it off: the
 * waiting worker asks again on the next visit. Renders nothing itself.
 */
export function UpdatePrompt({ needRefresh, reload, dismiss }: UpdateState) {
  const actions = useRef({ reload, dismiss });
  useEffect(() => {
    actions.current = { reload, dismiss };
  });
  useEffect(() => {
    if (!needRefresh) return;
    let shown = true;
    notifications.show({
      id: UPDATE_TOAST_ID,
      color: 'blue',
      autoClose: false,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': UPDATE_TEXTS.close },
      message: <UpdateToast onReload={() => actions.current.reload()} />,
      // The user's close, not this effect's own clean-up below.
      onClose: () => shown && actions.current.dismiss(),
    });
    return () => {
      shown = false;
      notifications.hide(UPDATE_TOAST_ID);
    };
  }, [needRefresh]);
  return null;
}
