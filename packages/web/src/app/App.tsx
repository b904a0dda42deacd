import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ConfirmProvider } from '../components/confirm/ConfirmProvider';
import { createQueryClient } from './query-client';
import { routes } from './routes';
import { bindSession } from './session';

export const theme = createTheme({
  primaryColor: 'blue',
  // Spec §9 breakpoints: small < 600, medium from 960, large from 1280, extra large from 1920.
  breakpoints: { xs: '36em', sm: '37.5em', md: '60em', lg: '80em', xl: '120em' },
});

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
bindSession((to) => router.navigate(to), queryClient);

/** Providers around the router: Mantine theme (light, dark or the system's), toasts, confirm dialog, TanStack Query. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      {/* Spec §9: toasts bottom-center on every device. */}
      <Notifications position="bottom-center" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
