import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { noticeFor } from './errors';

describe('error catalogue (spec §8)', () => {
  it('logs out on 401 with the session message', () => {
    expect(noticeFor(new ApiError(401, { type: 'unauthorized', message: 'Invalid or expired token' }))).toMatchObject({
      message: 'Your session has expired. Please log in again',
      logout: true,
    });
  });

  it('warns the demo user, and says Forbidden for other 403s', () => {
    expect(noticeFor(new ApiError(403, { type: 'demo', message: 'x' }))).toMatchObject({
      kind: 'warning',
      message: 'Not allowed for demo user',
      autoClose: 5000,
    });
    expect(noticeFor(new ApiError(403, { type: 'forbidden', message: 'x' }))).toMatchObject({
      kind: 'error',
      message: 'Forbidden',
    });
  });

  it('shows the server message, else the error text, else Internal error', () => {
    expect(noticeFor(new ApiError(409, { type: 'conflict', message: 'currency: you already have USD' }))).toMatchObject(
      {
        title: 'Error',
        message: 'currency: you already have USD',
        autoClose: 8000,
        logout: false,
      },
    );
    expect(noticeFor(new ApiError(502, undefined)).message).toBe('HTTP 502');
    expect(noticeFor(new Error('Failed to fetch')).message).toBe('Failed to fetch');
    expect(noticeFor(undefined).message).toBe('Internal error');
  });
});
