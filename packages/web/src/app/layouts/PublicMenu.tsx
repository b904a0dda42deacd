import { ActionIcon, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n';

/**
 * Under 600 px the public header's secondary links fold into this menu. Its popover code loads
 * after the page (the login page's first load stays within the bundle budget).
 */
export function PublicMenu({ contact, loggedIn }: { contact: string; loggedIn: boolean }) {
  const { t } = useT();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" hiddenFrom="sm" aria-label={t('header.more')}>
          <IconMenu2 size={18} stroke={1.5} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={contact}>
          {t('header.contact')}
        </Menu.Item>
        <Menu.Item component={Link} to="/public/help">
          {t('header.help')}
        </Menu.Item>
        {!loggedIn && (
          <Menu.Item component={Link} to="/public/signup">
            {t('header.signUp')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
