import { ActionIcon, AppShell, Box, Burger, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/Brand';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle';
import { Footer } from '../../components/Footer';
import { SearchLauncher } from '../../features/search';
import { useT } from '../../i18n';
import { useChosenBook } from '../../lib/book';
import { useHorizontalSwipe } from '../../lib/swipe';
import { useCanWrite } from '../../shared/books';
import { useGlobalData } from '../../shared/global-data';
import { useAccountLanguage } from '../../shared/language';
import { useTokenRefresh } from '../token-refresh';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import { sectionTitle } from './sections';
import { SideNav } from './SideNav';

const NavDrawer = lazy(async () => ({ default: (await import('./NavDrawer')).NavDrawer }));
// The menu's popover code loads right after the shell, outside the first load's budget.
const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu')).AccountMenu }));
// So does the book switcher's, which shows only to someone with more than one book.
const BookSwitcher = lazy(async () => ({ default: (await import('./BookSwitcher')).BookSwitcher }));
// The outbox's word (waiting entries, decisions; issue 36), which starts its sender after the shell.
const OutboxStatus = lazy(async () => ({ default: (await import('../../features/transactions')).OutboxStatus }));

/** Spec §2: the sidebar behaves differently below 991 px. */
export const SIDEBAR_OVERLAY_QUERY = '(max-width: 990.98px)';

/** Spec §9: small screens are under 600 px; the header then keeps the section title readable. */
const SMALL_QUERY = '(max-width: 599.98px)';

/** The page's landmark, the skip link's target. */
const MAIN_ID = 'main-content';

/**
 * Sidebar, header with the section title and account menu, the page, and the footer. From 991 px
 * the sidebar stays beside the page; below it is an overlay, opened by the burger or a right
 * swipe and closed by a left swipe, a link, or a tap beside it.
 */
export function PrivateLayout() {
  const { t } = useT();
  useGlobalData();
  useAccountLanguage();
  useTokenRefresh();
  const overlay = useMediaQuery(SIDEBAR_OVERLAY_QUERY);
  const small = useMediaQuery(SMALL_QUERY);
  const [opened, disclosure] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const open = () => {
    setDrawerUsed(true);
    disclosure.open();
  };
  const { close } = disclosure;
  const toggle = () => (opened ? close() : open());
  useHorizontalSwipe({ onRight: open, onLeft: close }, overlay);
  const { pathname } = useLocation();
  // The page is made anew for another book: no form or selection keeps the old book's items.
  const book = useChosenBook();

  return (
    <AppShell
      header={{ height: 56 }}
      footer={{ height: 34 }}
      navbar={{ width: 230, breakpoint: 991, collapsed: { mobile: true, desktop: overlay } }}
      padding="md"
    >
      <AppShell.Header>
        {/* Issue 22: the first Tab offers a jump past the header and sidebar to the page. */}
        <a
          className="kassa-skip-link"
          href={`#${MAIN_ID}`}
          onClick={(e) => {
            e.preventDefault();
            document.getElementById(MAIN_ID)?.focus();
          }}
        >
          {t('header.skipToContent')}
        </a>
        <Group h="100%" px={small ? 'sm' : 'md'} justify="space-between" wrap="nowrap" gap="xs">
          <Group wrap="nowrap" gap="sm" miw={0} style={{ flex: '1 1 auto' }}>
            {overlay && <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('header.toggleNavigation')} />}
            {/* As wide as the sidebar, so the section title starts above the page. */}
            {!overlay && (
              <Box w={214}>
                <Brand to="/private/dashboard" />
              </Box>
            )}
            <Stack gap={0} miw={0}>
              <Title order={1} size={overlay ? 'h4' : 'h3'} lineClamp={1}>
                {sectionTitle(pathname)}
              </Title>
              {/* Issue 34: on a phone the book's name (and its switcher) sits under the title. */}
              {small && (
                <Suspense fallback={null}>
                  <BookSwitcher compact />
                </Suspense>
              )}
            </Stack>
          </Group>
          <HeaderActions small={small} />
        </Group>
      </AppShell.Header>
      {!overlay && (
        <AppShell.Navbar p="xs">
          <SideNav />
        </AppShell.Navbar>
      )}
      {/* The drawer's code (overlay, focus trap, scroll lock) loads when it is first opened. */}
      {overlay && drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
      <KeyboardShortcuts />
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className="kassa-main">
        <Outlet key={book ?? 'own'} />
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}

/**
 * The header's right side: the book switcher (issue 34; on a phone it sits under the title), quick
 * add (not for a viewer of a shared book, who reads only), search, colour scheme and account menu.
 */
function HeaderActions({ small }: { small: boolean }) {
  const { t } = useT();
  const canWrite = useCanWrite();
  return (
    <Group wrap="nowrap" gap={small ? 6 : 'xs'} style={{ flexShrink: 0 }}>
      {!small && (
        <Suspense fallback={null}>
          <BookSwitcher />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <OutboxStatus compact={small} />
      </Suspense>
      {/* Issue 22: a new entry is one tap away from every screen, the phone's too. */}
      {canWrite && (
        <ActionIcon
          component={Link}
          to="/private/add-transaction"
          size="lg"
          aria-label={t('header.addTransaction')}
          title={t('header.addTransaction')}
        >
          <IconPlus size={20} />
        </ActionIcon>
      )}
      <SearchLauncher />
      <ColorSchemeToggle />
      <Suspense fallback={<Box w={34} h={34} />}>
        <AccountMenu compact={small} />
      </Suspense>
    </Group>
  );
}
