import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '../../i18n';
import type { ConfirmAnswer, ConfirmOptions } from './confirm-context';

interface Props {
  opened: boolean;
  /** The question; kept while the dialog fades out after an answer. */
  options: ConfirmOptions;
  onAnswer: (answer: ConfirmAnswer) => void;
}

/** The dialog of the global confirm (spec §2): title, text, Yes, optional No, Cancel; locks page scroll. */
export function ConfirmDialog({ opened, options, onAnswer }: Props) {
  const { t } = useT();
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer('cancel')}
      title={options.title ?? t('confirm.title')}
      centered
      lockScroll
      zIndex={400}
    >
      <Text size="sm">{options.text ?? t('confirm.text')}</Text>
      <Group justify="flex-end" mt="lg" gap="xs">
        {/* A destructive question starts on Cancel, so Enter does not confirm it. */}
        <Button
          variant="default"
          onClick={() => onAnswer('cancel')}
          data-autofocus={options.danger === true || undefined}
        >
          {t('confirm.cancel')}
        </Button>
        {options.withNo === true && (
          <Button variant="light" onClick={() => onAnswer('no')}>
            {t('confirm.no')}
          </Button>
        )}
        <Button
          color={options.danger === true ? 'red' : undefined}
          onClick={() => onAnswer('yes')}
          data-autofocus={options.danger !== true || undefined}
        >
          {t('confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
