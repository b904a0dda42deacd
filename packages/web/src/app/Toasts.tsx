import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Spec §9: toasts bottom-center on every device. */
export function Toasts() {
  return <Notifications position="bottom-center" zIndex={1000} />;
}
