import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UpdatePrompt, type UpdateState } from './UpdatePrompt';

const NEW_VERSION = 'A new version of Kassa is available.';

function renderPrompt(state: UpdateState) {
  const view = render(
    <MantineProvider>
      <Notifications />
      <UpdatePrompt {...state} />
    </MantineProvider>,
  );
  return {
    update: (next: UpdateState) =>
      view.rerender(
        <MantineProvider>
          <Notifications />
          <UpdatePrompt {...next} />
        </MantineProvider>,
      ),
  };
}

describe('the update prompt', () => {
  it('says nothing while no new version waits', async () => {
    renderPrompt({ needRefresh: false, reload: vi.fn(), dismiss: vi.fn() });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(NEW_VERSION)).toBeNull();
  });

  it('offers Reload when a new version waits, which activates it', async () => {
    const reload = vi.fn();
    const dismiss = vi.fn();
    renderPrompt({ needRefresh: true, reload, dismiss });
    expect(await screen.findByText(NEW_VERSION)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(dismiss).not.toHaveBeenCalled();
  });

  it('stays until answered, and its close button puts it off', async () => {
    const dismiss = vi.fn();
    renderPrompt({ needRefresh: true, reload: vi.fn(), dismiss });
    expect(await screen.findByText(NEW_VERSION)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the message' }));
    expect(dismiss).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText(NEW_VERSION)).toBeNull());
  });

  it('goes when the new version no longer waits, without counting as the user closing it', async () => {
    const dismiss = vi.fn();
    const reload = vi.fn();
    const prompt = renderPrompt({ needRefresh: true, reload, dismiss });
    expect(await screen.findByText(NEW_VERSION)).toBeTruthy();
    prompt.update({ needRefresh: false, reload, dismiss });
    await waitFor(() => expect(screen.queryByText(NEW_VERSION)).toBeNull());
    expect(dismiss).not.toHaveBeenCalled();
  });
});
