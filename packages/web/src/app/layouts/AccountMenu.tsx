import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldCog, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { tokenClaims, useToken } from '../../lib/token';
import { useUserInfo } from '../../shared/global-data';
import { logOut } from '../../shared/session';

/**
 * The header's account menu: the user's first name, Profile and Log out (spec §2), and for an
 * administrator the admin page (no role badge anywhere: spec §6 shows no admin roles). Compact
 * (under 600 px, issue 22) the name moves from the button into the menu, so a long first name
 * never squeezes the page title.
 */
export function AccountMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  const info = useUserInfo().data;
  const token = useToken();
  const admin = token !== null && (tokenClaims(token)?.roles.includes('ADMIN') ?? false);
  const name = info === undefined ? t('account.fallbackName') : info.firstName !== '' ? info.firstName : info.email;
  return (
    <Menu position="bottom-end" width={180} withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" size="lg" aria-label={t('account.menu', { name })}>
            <IconUser size={20} />
          </ActionIcon>
        ) : (
          <Button variant="subtle" rightSection={<IconChevronDown size={14} />} maw={200}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {compact && <Menu.Label style={{ overflowWrap: 'anywhere' }}>{name}</Menu.Label>}
        <Menu.Item component={Link} to="/private/user" leftSection={<IconUser size={16} />}>
          {t('account.profile')}
        </Menu.Item>
        {admin && (
          <Menu.Item component={Link} to="/private/admin" leftSection={<IconShieldCog size={16} />}>
            {t('account.admin')}
          </Menu.Item>
        )}
        <Menu.Item onClick={logOut} leftSection={<IconLogout size={16} />}>
          {t('account.logOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
