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
  // The last question stays on screen while the dialog fades out.
  const [shown, setShown] = useState<ConfirmOptions>({});
  const current = useRef<Open | undefined>(undefined);

  const confirm = useCallback(
    (options: ConfirmOptions = {}) =>
      new Promise<ConfirmAnswer>((resolve) => {
        current.current?.resolve('cancel'); // a second question replaces an unanswered one
        const next = { ...options, resolve };
        current.current = next;
        setOpen(next);
        setShown(options);
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
        title={shown.title ?? 'Are you sure?'}
        centered
        lockScroll
        zIndex={400}
      >
        <Text size="sm">{shown.text ?? 'This action can not be undone!'}</Text>
        <Group justify="flex-end" mt="lg" gap="xs">
          {/* A destructive question starts on Cancel, so Enter does not confirm it. */}
          <Button
            variant="default"
            onClick={() => answer('cancel')}
            data-autofocus={shown.danger === true || undefined}
          >
            Cancel
          </Button>
          {shown.withNo === true && (
            <Button variant="light" onClick={() => answer('no')}>
              No
            </Button>
          )}
          <Button
            color={shown.danger === true ? 'red' : undefined}
            onClick={() => answer('yes')}
            data-autofocus={shown.danger !== true || undefined}
          >
            Yes
          </Button>
        </Group>
      </Modal>
    </ConfirmContext>
  );
}
