import { Drawer } from '@mantine/core';
import { Brand } from '../../components/Brand';
import { SideNav } from './SideNav';

/** The sidebar as an overlay below 991 px (spec §2): opened by the burger or a right swipe. */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={260}
      padding="xs"
      title={<Brand to="/private/dashboard" />}
      aria-label="Navigation"
    >
      <SideNav onNavigate={onClose} />
    </Drawer>
  );
}
