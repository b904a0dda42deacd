import { Button, Group, Text } from '@mantine/core';
import { useT } from '../i18n';

/** The body of an Undo toast (notify.ts notifyUndoable): the message and its Undo button. */
export function UndoToast({ message, onUndo }: { message: string; onUndo: () => void }) {
  const { t } = useT();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button size="compact-sm" variant="light" onClick={onUndo} style={{ flexShrink: 0 }}>
        {t('notice.undo')}
      </Button>
    </Group>
  );
}
