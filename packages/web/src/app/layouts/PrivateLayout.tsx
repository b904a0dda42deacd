import { AppShell, Burger, Button, Group, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Footer } from '../../components/Footer';
import { clearToken } from '../../lib/token';

/** Sidebar entries of the private shell (spec §2), in order. */
export const SECTIONS = [
  { path: 'dashboard', label: 'Dashboard' },
  { path: 'transactions', label: 'Transactions' },
  { path: 'add-transaction', label: 'Add transaction' },
  { path: 'analytics', label: 'Analytics' },
  { path: 'operations', label: 'Operations' },
  { path: 'manage', label: 'Manage' },
  { path: 'user', label: 'User' },
] as const;

function sectionTitle(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  return SECTIONS.find((s) => s.path === segment)?.label ?? 'Kassa';
}

/** Sidebar, header with the current section title, the page, and the footer. */
export function PrivateLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = () => {
    clearToken();
    void navigate('/public');
  };

  return (
    <AppShell
      header={{ height: 56 }}
      footer={{ height: 36 }}
      // The spec switches sidebar behaviour below 991 px.
      navbar={{ width: 220, breakpoint: 991, collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
            <Title order={3}>{sectionTitle(pathname)}</Title>
          </Group>
          <Button variant="subtle" onClick={logout}>
            Log out
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        {SECTIONS.map((s) => (
          <NavLink
            key={s.path}
            component={Link}
            to={`/private/${s.path}`}
            label={s.label}
            active={pathname.startsWith(`/private/${s.path}`)}
            onClick={close}
          />
        ))}
        <NavLink component={Link} to="/public/help" label="Help" onClick={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
