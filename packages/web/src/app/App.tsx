import '@mantine/core/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';

const theme = createTheme({
  primaryColor: 'blue',
  // Spec §9 breakpoints: small < 600, medium from 960, large from 1280, extra large from 1920.
  breakpoints: { xs: '36em', sm: '37.5em', md: '60em', lg: '80em', xl: '120em' },
});

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
const router = createBrowserRouter(routes);

/** Providers around the router: Mantine theme, TanStack Query. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
