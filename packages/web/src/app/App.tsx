import '@mantine/core/styles.css';
import './global.css';
import { createTheme, darken, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ConfirmProvider } from '../components/confirm/ConfirmProvider';
import { InstallableApp } from './pwa/InstallableApp';
import { createQueryClient } from './query-client';
import { routes } from './routes';
import { bindSession } from '../shared/session';

// The toast renderer loads after the first page; toasts raised before it are queued in the store.
const Toasts = lazy(async () => ({ default: (await import('./Toasts')).Toasts }));

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG AA contrast (4.5:1) in light mode: filled buttons and coloured text use the darkest
  // shade (white on blue.6 or teal text on white would not reach it); dark mode keeps Mantine's.
  primaryShade: { light: 9, dark: 8 },
  // Links inside text must not rely on colour alone.
  components: { Anchor: { defaultProps: { underline: 'always' } } },
  // Spec §9 breakpoints: small < 600, medium from 960, large from 1280, extra large from 1920.
  breakpoints: { xs: '36em', sm: '37.5em', md: '60em', lg: '80em', xl: '120em' },
});

// WCAG AA contrast for secondary text and tinted ("light") badges and alerts: Mantine's dimmed
// greys (gray.6 on white, dark.2 on dark cards) and shade-9 text on shade-1 tints fall short.
const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.keys(t.colors).map((c) => [`--mantine-color-${c}-light-color`, darken(t.colors[c]?.[9] ?? '#000', 0.3)]),
    ),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
bindSession((to) => router.navigate(to), queryClient);

/**
 * Providers around the router: Mantine theme (light, dark or the system's), toasts, the service
 * worker's update prompt, confirm dialog, TanStack Query.
 */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <InstallableApp />
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          {/* A screen whose texts in the chosen language are still loading waits here (issue 36). */}
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
