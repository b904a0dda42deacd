import { Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBook2, IconCheck, IconChevronDown } from '@tabler/icons-react';
import type { BookSummary } from '@kassa/contract';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../i18n';
import { bookName, useCurrentBook } from '../../shared/books';
import { switchBook } from '../../shared/session';

/** A path showing one item of a book (an editor, an overview): it means nothing in another book. */
const ITEM_PATH = /\/\d+(\/|$)/;

/**
 * The header's book switcher (issue 34): the current book's name, and a menu of every book the
 * user may open, the current one ticked. Shown only to someone with more than one book. Compact
 * (phones) it is a small line under the section title; otherwise a button beside the header's
 * actions. A switch forgets every answer of the old book, so the screen loads again for the new
 * one; an item's editor gives way to the dashboard.
 */
export function BookSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  const { books, current } = useCurrentBook();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (books === undefined || books.length < 2 || current === undefined) return null;
  const name = bookName(current);
  const label = t('books.switch', { name });

  const choose = (book: BookSummary) => {
    if (book.bookId === current.bookId) return;
    switchBook(book.isOwn ? null : book.bookId, bookName(book));
    if (ITEM_PATH.test(pathname)) void navigate('/private/dashboard');
  };

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        {compact ? (
          <UnstyledButton aria-label={label} title={label} className="kassa-book-line" mih={24} maw="100%">
            <Group gap={4} wrap="nowrap">
              <IconBook2 size={14} style={{ flexShrink: 0 }} aria-hidden />
              <Text size="xs" truncate="end" c="dimmed" data-book-name>
                {name}
              </Text>
              <IconChevronDown size={12} style={{ flexShrink: 0 }} aria-hidden />
            </Group>
          </UnstyledButton>
        ) : (
          <Button
            variant="default"
            aria-label={label}
            title={label}
            leftSection={<IconBook2 size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            maw={260}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} data-book-name>
              {name}
            </span>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown maw="calc(100vw - 16px)">
        <Menu.Label>{t('books.canOpen')}</Menu.Label>
        {books.map((book) => {
          const isCurrent = book.bookId === current.bookId;
          return (
            <Menu.Item
              key={book.bookId}
              aria-current={isCurrent ? 'true' : undefined}
              onClick={() => choose(book)}
              leftSection={<IconCheck size={16} style={{ visibility: isCurrent ? 'visible' : 'hidden' }} aria-hidden />}
              rightSection={
                <Text size="xs" c="dimmed" ml="md">
                  {t(`books.role.${book.role}`)}
                </Text>
              }
            >
              <Text size="sm" fw={isCurrent ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
                {bookName(book)}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
