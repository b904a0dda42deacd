import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useT } from '../../i18n';
import { useSharedBook } from '../../shared/books';
import { HELP_ICON, SECTIONS } from './sections';

/** The sidebar's links (Settle up only in a shared book); `onNavigate` closes the overlay on small screens. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const shared = useSharedBook();
  return (
    <Stack component="nav" aria-label={t('sections.label')} gap={2}>
      {SECTIONS.filter((s) => shared || s.shared !== true).map((s) => (
        <NavLink
          key={s.path}
          component={Link}
          to={`/private/${s.path}`}
          label={t(`sections.${s.path}`)}
          leftSection={<s.icon size={18} stroke={1.5} />}
          active={pathname.startsWith(`/private/${s.path}`)}
          onClick={onNavigate}
        />
      ))}
      <NavLink
        component={Link}
        to="/public/help"
        label={t('sections.help')}
        leftSection={<HELP_ICON size={18} stroke={1.5} />}
        onClick={onNavigate}
      />
    </Stack>
  );
}
