import { Button, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useConfirm, type ConfirmAnswer, type ConfirmOptions } from './confirm-context';
import { ConfirmProvider } from './ConfirmProvider';

const answers: ConfirmAnswer[] = [];

function Asker({ options }: { options?: ConfirmOptions }) {
  const confirm = useConfirm();
  return <Button onClick={() => void confirm(options).then((a) => answers.push(a))}>Ask</Button>;
}

function renderAsker(options?: ConfirmOptions) {
  render(
    <MantineProvider>
      <ConfirmProvider>
        <Asker options={options} />
      </ConfirmProvider>
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
}

describe('the global confirm dialog (spec §2, §5)', () => {
  afterEach(() => {
    answers.length = 0;
  });

  it('asks "Are you sure?" with the default text, Yes and Cancel, and locks page scroll', async () => {
    renderAsker();
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('This action can not be undone!');
    expect(screen.queryByRole('button', { name: 'No' })).toBeNull();
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(answers).toEqual(['yes']));
    await waitFor(() => expect(document.body.hasAttribute('data-scroll-locked')).toBe(false));
  });

  it('shows a given title and text, and Cancel answers cancel', async () => {
    renderAsker({ title: 'Close it?', text: 'You are closing this loan category' });
    expect(await screen.findByRole('dialog', { name: 'Close it?' })).toBeTruthy();
    expect(screen.getByText('You are closing this loan category')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual(['cancel']));
  });

  it('offers No when asked to, which differs from Cancel', async () => {
    renderAsker({ withNo: true });
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(answers).toEqual(['no']));
  });

  it('counts Escape as Cancel', async () => {
    renderAsker();
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(answers).toEqual(['cancel']));
  });
});
