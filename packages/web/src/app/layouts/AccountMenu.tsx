import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldCog, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { tokenClaims, useToken } from '../../lib/token';
import { useUserInfo } from '../../shared/global-data';
import { logOut } from '../../shared/session';

/**
 * The header's account menu: the user's first name, Profile and Log out (spec §2), and for an
 * administrator the admin page (no role badge anywhere: spec §6 shows no admin roles).
 */
export function AccountMenu() {
  const info = useUserInfo().data;
  const token = useToken();
  const admin = token !== null && (tokenClaims(token)?.roles.includes('ADMIN') ?? false);
  const name = info === undefined ? 'Account' : info.firstName !== '' ? info.firstName : info.email;
  return (
    <Menu position="bottom-end" width={180} withinPortal>
      <Menu.Target>
        <Button variant="subtle" rightSection={<IconChevronDown size={14} />} maw={200}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/private/user" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        {admin && (
          <Menu.Item component={Link} to="/private/admin" leftSection={<IconShieldCog size={16} />}>
            Admin
          </Menu.Item>
        )}
        <Menu.Item onClick={logOut} leftSection={<IconLogout size={16} />}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
