import '@mantine/core/styles.css';
import './global.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ConfirmProvider } from '../components/confirm/ConfirmProvider';
import { createQueryClient } from './query-client';
import { routes } from './routes';
import { bindSession } from './session';

// The toast renderer loads after the first page; toasts raised before it are queued in the store.
const Toasts = lazy(async () => ({ default: (await import('./Toasts')).Toasts }));

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
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
