import { ActionIcon } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useT } from './i18n';
import { useSearchShortcut } from './shortcut';

// The dialog's code loads when search is first opened, so the shell stays small.
const SearchDialog = lazy(async () => ({ default: (await import('./SearchDialog')).SearchDialog }));

/** The header's search button; `/` (outside fields) or Ctrl+K / ⌘K (anywhere) opens the search. */
export function SearchLauncher() {
  const { t } = useT();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  useSearchShortcut(open);
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('open')}
        aria-keyshortcuts="/ Control+K"
        title={t('openTitle')}
        onClick={open}
      >
        <IconSearch size={18} stroke={1.5} />
      </ActionIcon>
      {used && (
        <Suspense fallback={null}>
          <SearchDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
