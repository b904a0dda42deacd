import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { noticeFor } from './errors';

describe('error catalogue (spec §8)', () => {
  it('logs out on 401 with the session message', () => {
    expect(
      noticeFor(new ApiError(401, { type: 'unauthorized', message: 'Invalid or expired token' }, true)),
    ).toMatchObject({
      kind: 'error',
      message: 'Your session has expired. Please log in again',
      logout: true,
    });
  });

  it('treats a 401 of a request without a token (a wrong password) as an ordinary error', () => {
    expect(
      noticeFor(new ApiError(401, { type: 'unauthorized', message: 'Wrong e-mail or password' }, false)),
    ).toMatchObject({ title: 'Error', message: 'Wrong e-mail or password', logout: false });
  });

  it('warns the demo user, and says Forbidden for other 403s', () => {
    expect(noticeFor(new ApiError(403, { type: 'demo', message: 'x' }, true))).toMatchObject({
      kind: 'warning',
      message: 'Not allowed for demo user',
      autoClose: 5000,
    });
    expect(noticeFor(new ApiError(403, { type: 'forbidden', message: 'x' }, true))).toMatchObject({
      kind: 'error',
      message: 'Forbidden',
    });
  });

  it('shows a shared book’s refusal for the role with the server’s reason (issue 34)', () => {
    const viewer = 'Your role in this book is viewer: changing its data needs the editor role';
    expect(noticeFor(new ApiError(403, { type: 'forbidden', message: viewer }, true, undefined, 7))).toMatchObject({
      kind: 'error',
      message: viewer,
      logout: false,
    });
    const owner = "Only the book's owner may invite people; your role in this book is editor";
    expect(noticeFor(new ApiError(403, { type: 'forbidden', message: owner }, true))).toMatchObject({ message: owner });
  });

  it('says which registration step is missing, and when a refused request may be tried again', () => {
    expect(
      noticeFor(new ApiError(403, { type: 'email_not_verified', message: 'Verify your e-mail address first' }, true)),
    ).toMatchObject({ kind: 'error', message: 'Verify your e-mail address first', logout: false });
    expect(
      noticeFor(
        new ApiError(
          429,
          { type: 'rate_limited', message: 'Too many failed logins; try again in 40 seconds' },
          false,
          40,
        ),
      ),
    ).toMatchObject({ kind: 'error', message: 'Too many failed logins; try again in 40 seconds' });
    expect(
      noticeFor(
        new ApiError(503, { type: 'unavailable', message: 'The database is unavailable; try again shortly' }, true),
      ),
    ).toMatchObject({ message: 'The database is unavailable; try again shortly', logout: false });
  });

  it('shows the server message, else the error text, else Internal error', () => {
    expect(
      noticeFor(new ApiError(409, { type: 'conflict', message: 'currency: you already have USD' }, true)),
    ).toMatchObject({
      title: 'Error',
      message: 'currency: you already have USD',
      autoClose: 8000,
      logout: false,
    });
    expect(noticeFor(new ApiError(502, undefined, true)).message).toBe('HTTP 502');
    expect(noticeFor(new Error('Failed to fetch')).message).toBe('Failed to fetch');
    expect(noticeFor(undefined).message).toBe('Internal error');
  });
});
