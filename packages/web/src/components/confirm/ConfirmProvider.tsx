import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmContext, type ConfirmAnswer, type ConfirmOptions } from './confirm-context';

interface Open extends ConfirmOptions {
  resolve: (answer: ConfirmAnswer) => void;
}

/**
 * The global confirm dialog (spec §2): title, optional text, Yes, optional No, Cancel. Mantine's
 * modal locks page scroll while open. Closing it any other way (Escape, the overlay) is Cancel.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | undefined>();
  const current = useRef<Open | undefined>(undefined);

  const confirm = useCallback(
    (options: ConfirmOptions = {}) =>
      new Promise<ConfirmAnswer>((resolve) => {
        current.current?.resolve('cancel'); // a second question replaces an unanswered one
        const next = { ...options, resolve };
        current.current = next;
        setOpen(next);
      }),
    [],
  );

  const answer = (value: ConfirmAnswer) => {
    current.current?.resolve(value);
    current.current = undefined;
    setOpen(undefined);
  };

  const value = useMemo(() => ({ confirm }), [confirm]);
  return (
    <ConfirmContext value={value}>
      {children}
      <Modal
        opened={open !== undefined}
        onClose={() => answer('cancel')}
        title={open?.title ?? 'Are you sure?'}
        centered
        lockScroll
        zIndex={400}
      >
        <Text size="sm">{open?.text ?? 'This action can not be undone!'}</Text>
        <Group justify="flex-end" mt="lg" gap="xs">
          <Button variant="default" onClick={() => answer('cancel')}>
            Cancel
          </Button>
          {open?.withNo === true && (
            <Button variant="light" onClick={() => answer('no')}>
              No
            </Button>
          )}
          <Button color={open?.danger === true ? 'red' : undefined} onClick={() => answer('yes')} data-autofocus>
            Yes
          </Button>
        </Group>
      </Modal>
    </ConfirmContext>
  );
}
