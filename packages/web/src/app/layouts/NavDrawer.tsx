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
      // The dialog takes its name from the title; an aria-label here would land on the drawer's
      // role-less root, which axe refuses (aria-prohibited-attr) once the drawer has been opened.
      title={<Brand to="/private/dashboard" />}
    >
      <SideNav onNavigate={onClose} />
    </Drawer>
  );
}
