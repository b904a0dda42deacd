import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { getToken, setToken } from '../lib/token';
import { createQueryClient } from './query-client';
import { bindSession, logOut, reportFailure } from '../shared/session';

describe('session and toasts (spec §4, §8)', () => {
  let navigations: string[];
  beforeEach(() => {
    navigations = [];
    bindSession((to) => navigations.push(to), createQueryClient());
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
  });
  it('logs out once on a 401 of the session, with the spec message, and goes to the login page', async () => {
    setToken('a.b.c');
    const expired = new ApiError(401, { type: 'unauthorized', message: 'Invalid or expired token' }, true);
    reportFailure(expired);
    reportFailure(expired); // a second request in flight: already logged out, nothing more
    expect(await screen.findByText('Your session has expired. Please log in again')).toBeTruthy();
    expect(screen.getAllByText('Your session has expired. Please log in again')).toHaveLength(1);
    await waitFor(() => expect(getToken()).toBeNull());
    expect(navigations).toEqual(['/public/login']);
  });

  it('logs out even from a silent load', async () => {
    setToken('a.b.c');
    reportFailure(new ApiError(401, undefined, true), { silent: true });
    await waitFor(() => expect(getToken()).toBeNull());
  });

  it('shows other errors titled Error with the server message, and keeps the session', async () => {
    setToken('a.b.c');
    reportFailure(new ApiError(409, { type: 'conflict', message: 'You already have USD' }, true));
    expect(await screen.findByText('You already have USD')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(getToken()).toBe('a.b.c');
    expect(navigations).toEqual([]);
  });

  it('warns the demo user', async () => {
    reportFailure(new ApiError(403, { type: 'demo', message: 'x' }, true));
    expect(await screen.findByText('Not allowed for demo user')).toBeTruthy();
  });

  it('only logs silent failures to the console', async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (e: unknown) => logged.push(e);
    try {
      reportFailure(new ApiError(500, { type: 'internal', message: 'Boom' }, true), { silent: true });
    } finally {
      console.error = original;
    }
    expect(logged).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Boom')).toBeNull();
  });

  it('logs out with Logged out, to the public area', async () => {
    setToken('a.b.c');
    logOut();
    expect(await screen.findByText('Logged out')).toBeTruthy();
    await waitFor(() => expect(getToken()).toBeNull());
    expect(navigations).toEqual(['/public']);
  });
});
