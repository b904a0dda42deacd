import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { SearchResult } from '@kassa/contract';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCategories } from '../../shared/global-data';
import { useSearchPages } from './api';
import { useT } from './i18n';
import { SearchResultItem } from './SearchResultItem';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Where a result leads, as in the transaction list: the transaction or the conversion editor. */
export function resultPath(r: SearchResult): string {
  return r.kind === 'conversion' ? `/private/edit-conversion/${r.id}` : `/private/edit-transaction/${r.id}`;
}

/** The search: one box, results newest first, "Load more" for older ones; Esc closes. */
export function SearchDialog({ opened, onClose }: Props) {
  const { t } = useT();
  const phone = useMediaQuery('(max-width: 575.98px)');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const pages = useSearchPages(q);
  const categoriesQuery = useCategories();
  const categories = useMemo(() => new Map((categoriesQuery.data ?? []).map((c) => [c.id, c])), [categoriesQuery.data]);
  const navigate = useNavigate();
  const rows = pages.data?.pages.flat() ?? [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      size="lg"
      fullScreen={phone}
      yOffset="8vh"
      aria-describedby="search-hint"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          aria-label={t('box')}
          placeholder={t('placeholder')}
          leftSection={<IconSearch size={16} stroke={1.5} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
        />
        <Text id="search-hint" size="xs" c="dimmed">
          {t('hint')}
        </Text>
        {q !== '' && pages.isPending && (
          <Group justify="center">
            <Loader size="sm" role="status" aria-label={t('searching')} />
          </Group>
        )}
        {pages.isError && (
          <Text size="sm" c="red" role="alert">
            {t('failed')}
          </Text>
        )}
        {q !== '' && pages.isSuccess && rows.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            {t('nothing', { query: q })}
          </Text>
        )}
        {rows.length > 0 && (
          <Stack gap={4} component="ul" aria-label={t('results')} m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((r) => (
              <SearchResultItem
                key={`${r.kind}-${r.id}`}
                result={r}
                categories={categories}
                onOpen={(result) => {
                  onClose();
                  void navigate(resultPath(result));
                }}
              />
            ))}
          </Stack>
        )}
        {pages.hasNextPage && (
          <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {t('more')}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
