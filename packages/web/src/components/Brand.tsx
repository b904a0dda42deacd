import { Anchor, Group, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n';

/** The product name as a link home. */
export function Brand({ to }: { to: string }) {
  const { t } = useT();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" aria-label={t('brand.home')}>
      <Group gap={6} wrap="nowrap">
        <IconCoins size={26} stroke={1.6} color="var(--mantine-primary-color-filled)" />
        <Text fw={700} size="xl">
          {t('brand.name')}
        </Text>
      </Group>
    </Anchor>
  );
}
