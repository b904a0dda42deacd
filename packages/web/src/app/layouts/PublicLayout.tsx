import { Anchor, AppShell, Button, Group, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Footer } from '../../components/Footer';
import { getToken, isTokenValid } from '../../lib/token';

/** Header with navigation, the page, and the footer of the public area. */
export function PublicLayout() {
  const loggedIn = isTokenValid(getToken());
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/public" underline="never">
            <Title order={3}>Kassa</Title>
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/public/help" variant="subtle">
              Help
            </Button>
            {loggedIn ? (
              <Button component={Link} to="/private">
                Back to app
              </Button>
            ) : (
              <>
                <Button component={Link} to="/public/signup" variant="light">
                  Sign Up
                </Button>
                <Button component={Link} to="/public/login">
                  Log In
                </Button>
              </>
            )}
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
