import { AppShell, Box, Button, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/Brand';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle';
import { Footer } from '../../components/Footer';
import { LanguagePicker } from '../../components/LanguagePicker';
import { useT } from '../../i18n';
import { isTokenValid, tokenClaims, useToken } from '../../lib/token';
import { usePublicConfig } from '../../shared/global-data';
import { pendingStep } from '../../shared/registration-steps';
import { logOut } from '../../shared/session';

// The phone's menu of secondary links loads after the page.
const PublicMenu = lazy(async () => ({ default: (await import('./PublicMenu')).PublicMenu }));

/** Spec §1: the Contact link opens a mail draft with the subject "Contacting the developer". */
function useContactHref(): string {
  const { t } = useT();
  // Until the address has loaded the draft still opens, with the subject and no recipient yet.
  const address = usePublicConfig().data?.supportEmail ?? '';
  return `mailto:${address}?subject=${encodeURIComponent(t('header.contactSubject'))}`;
}

/**
 * Header (Contact, Help, Sign Up, Log In, or Back to app), the page, and the footer with the
 * language picker (issue 36) of the public area. Back to app only once the app is open to the
 * user: part-way through registration the app would only send them back to their step, so the
 * header offers Log out instead.
 */
export function PublicLayout() {
  const { t } = useT();
  const token = useToken();
  const claims = isTokenValid(token) ? tokenClaims(token) : undefined;
  const loggedIn = claims !== undefined;
  const inApp = claims !== undefined && pendingStep(claims) === undefined;
  const contact = useContactHref();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand to="/public" />
          <Group gap="xs" wrap="nowrap">
            <Group gap={4} wrap="nowrap" visibleFrom="sm">
              <Button component="a" href={contact} variant="subtle">
                {t('header.contact')}
              </Button>
              <Button component={Link} to="/public/help" variant="subtle">
                {t('header.help')}
              </Button>
              {!loggedIn && (
                <Button component={Link} to="/public/signup" variant="light">
                  {t('header.signUp')}
                </Button>
              )}
            </Group>
            {inApp ? (
              <Button component={Link} to="/private">
                {t('header.backToApp')}
              </Button>
            ) : loggedIn ? (
              <Button variant="default" onClick={logOut}>
                {t('header.logOut')}
              </Button>
            ) : (
              <Button component={Link} to="/public/login">
                {t('header.logIn')}
              </Button>
            )}
            <ColorSchemeToggle />
            {/* Under 600 px the secondary links fold into a menu. */}
            <Suspense fallback={<Box w={34} h={34} hiddenFrom="sm" />}>
              <PublicMenu contact={contact} loggedIn={loggedIn} />
            </Suspense>
          </Group>
        </Group>
      </AppShell.Header>
      {/* The footer flows after the page here, so it never covers content on small screens. */}
      <AppShell.Main>
        <Outlet />
        <Group justify="center" gap="md" mt="md">
          <LanguagePicker />
        </Group>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
