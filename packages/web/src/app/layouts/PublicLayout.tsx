import { ActionIcon, AppShell, Button, Group, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/Brand';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle';
import { Footer } from '../../components/Footer';
import { isTokenValid, useToken } from '../../lib/token';
import { usePublicConfig } from '../../shared/global-data';

/** Spec §1: the Contact link opens a mail draft with this subject. */
export const CONTACT_SUBJECT = 'Contacting the developer';

function useContactHref(): string {
  // Until the address has loaded the draft still opens, with the subject and no recipient yet.
  const address = usePublicConfig().data?.supportEmail ?? '';
  return `mailto:${address}?subject=${encodeURIComponent(CONTACT_SUBJECT)}`;
}

/** Header (Contact, Help, Sign Up, Log In, or Back to app), the page, and the footer of the public area. */
export function PublicLayout() {
  const loggedIn = isTokenValid(useToken());
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
            {loggedIn ? (
              <Button component={Link} to="/private">
                Back to app
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
