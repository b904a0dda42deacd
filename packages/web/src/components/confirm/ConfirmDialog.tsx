import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConfirmAnswer, ConfirmOptions } from './confirm-context';

interface Props {
  opened: boolean;
  /** The question; kept while the dialog fades out after an answer. */
  options: ConfirmOptions;
  onAnswer: (answer: ConfirmAnswer) => void;
}

/** The dialog of the global confirm (spec §2): title, text, Yes, optional No, Cancel; locks page scroll. */
export function ConfirmDialog({ opened, options, onAnswer }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer('cancel')}
      title={options.title ?? 'Are you sure?'}
      centered
      lockScroll
      zIndex={400}
    >
      <Text size="sm">{options.text ?? 'This action can not be undone!'}</Text>
      <Group justify="flex-end" mt="lg" gap="xs">
        {/* A destructive question starts on Cancel, so Enter does not confirm it. */}
        <Button
          variant="default"
          onClick={() => onAnswer('cancel')}
          data-autofocus={options.danger === true || undefined}
        >
          Cancel
        </Button>
        {options.withNo === true && (
          <Button variant="light" onClick={() => onAnswer('no')}>
            No
          </Button>
        )}
        <Button
          color={options.danger === true ? 'red' : undefined}
          onClick={() => onAnswer('yes')}
          data-autofocus={options.danger !== true || undefined}
        >
          Yes
        </Button>
      </Group>
    </Modal>
  );
}
