import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../test/render';
import { notifySuccess, showNotice } from '../lib/notify';

describe('toasts', () => {
  it('give their close button a name screen readers can say', async () => {
    stubApi({});
    renderApp('/');
    act(() => {
      notifySuccess('Saved');
      showNotice({ kind: 'error', title: 'Error', message: 'It failed', autoClose: 10_000, logout: false });
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(await screen.findByText('It failed')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Close the message' })).toHaveLength(2);
  });
});
