import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useT } from '../i18n';

/** Switches between light and dark; the choice is remembered by Mantine in local storage. */
export function ColorSchemeToggle() {
  const { t } = useT();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={next === 'dark' ? t('colorScheme.toDark') : t('colorScheme.toLight')}
      onClick={() => setColorScheme(next)}
    >
      {computed === 'dark' ? <IconSun size={18} stroke={1.5} /> : <IconMoon size={18} stroke={1.5} />}
    </ActionIcon>
  );
}
