import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from './i18n';

/** The heading of a manage list's card, with the list's action (Add new, a link) on the right. */
export function ListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="xs" wrap="nowrap">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Group>
  );
}

/** The Add new action of a manage list: opens its inline add panel. */
export function AddNewButton({ onClick }: { onClick: () => void }) {
  const { t } = useT();
  return (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onClick}>
      {t('addNew')}
    </Button>
  );
}
