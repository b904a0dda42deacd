import { ActionIcon, AppShell, Button, Group, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/Brand';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle';
import { Footer } from '../../components/Footer';
import { isTokenValid, tokenClaims, useToken } from '../../lib/token';
import { usePublicConfig } from '../../shared/global-data';
import { pendingStep } from '../../shared/registration-steps';
import { logOut } from '../../shared/session';

/** Spec §1: the Contact link opens a mail draft with this subject. */
export const CONTACT_SUBJECT = 'Contacting the developer';

function useContactHref(): string {
  // Until the address has loaded the draft still opens, with the subject and no recipient yet.
  const address = usePublicConfig().data?.supportEmail ?? '';
  return `mailto:${address}?subject=${encodeURIComponent(CONTACT_SUBJECT)}`;
}

/**
 * Header (Contact, Help, Sign Up, Log In, or Back to app), the page, and the footer of the public
 * area. Back to app only once the app is open to the user: part-way through registration the app
 * would only send them back to their step, so the header offers Log out instead.
 */
export function PublicLayout() {
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
                Contact
              </Button>
              <Button component={Link} to="/public/help" variant="subtle">
                Help
              </Button>
              {!loggedIn && (
                <Button component={Link} to="/public/signup" variant="light">
                  Sign Up
                </Button>
              )}
            </Group>
            {inApp ? (
              <Button component={Link} to="/private">
                Back to app
              </Button>
            ) : loggedIn ? (
              <Button variant="default" onClick={logOut}>
                Log out
              </Button>
            ) : (
              <Button component={Link} to="/public/login">
                Log In
              </Button>
            )}
            <ColorSchemeToggle />
            {/* Under 600 px the secondary links fold into a menu. */}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" hiddenFrom="sm" aria-label="More">
                  <IconMenu2 size={18} stroke={1.5} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component="a" href={contact}>
                  Contact
                </Menu.Item>
                <Menu.Item component={Link} to="/public/help">
                  Help
                </Menu.Item>
                {!loggedIn && (
                  <Menu.Item component={Link} to="/public/signup">
                    Sign Up
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      {/* The footer flows after the page here, so it never covers content on small screens. */}
      <AppShell.Main>
        <Outlet />
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
