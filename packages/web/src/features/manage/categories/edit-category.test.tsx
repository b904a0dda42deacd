import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { category, USER } from '../test/fixtures';

const userinfo = { 'GET account/userinfo': { status: 200, body: USER } };

async function openEditor(c: ReturnType<typeof category>, more: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ ...userinfo, [`GET category/getbyid/${c.id}`]: { status: 200, body: c }, ...more });
  const router = renderApp(`/private/edit-category/${c.id}`);
  await screen.findByDisplayValue(c.name);
  return { calls, router };
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('private/edit-category/{id}', () => {
  beforeEach(() => setToken(fakeToken()));
  it('shows a system category with System read-only, Active disabled and no Delete', async () => {
    const system = category({ id: 7, name: 'Other expense', type: 'real', isIncome: false, isBuiltIn: true });
    const { calls } = await openEditor(system, {
      'POST category/update': (body) => ({ status: 200, body: { ...system, ...(body as object) } }),
    });
    expect(checkbox('System').checked).toBe(true);
    fireEvent.click(checkbox('System'));
    expect(checkbox('System').checked).toBe(true);
    expect(checkbox('Active').disabled).toBe(true);
    expect(checkbox('Active').checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Name and description of a system category can still change.
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Misc spending' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category successfully edited!')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST category/update')?.body).toEqual({
      id: 7,
      name: 'Misc spending',
      description: '',
      isActive: true,
      monthlyLimit: null,
      rollover: false,
    });
  });

  it('deactivates a user category and changes its monthly limit, then goes back to the list', async () => {
    const food = category({ id: 8, name: 'Food', type: 'real', isIncome: false, monthlyLimit: 250 });
    const { calls, router } = await openEditor(food, {
      'POST category/update': (body) => ({ status: 200, body: { ...food, ...(body as object) } }),
    });
    expect(checkbox('System').checked).toBe(false);
    expect(checkbox('Active').disabled).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>(/Monthly limit/).value).toBe('250');
    fireEvent.click(checkbox('Active'));
    fireEvent.change(screen.getByLabelText(/Monthly limit/), { target: { value: '' } });
    // An expense category's budget rolls over when asked.
    fireEvent.click(screen.getByRole('switch', { name: /Roll over/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category successfully edited!')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST category/update')?.body).toEqual({
      id: 8,
      name: 'Food',
      description: '',
      isActive: false,
      monthlyLimit: null,
      rollover: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/manage/category'));
  });

  it('refuses an empty name without calling the server', async () => {
    const { calls } = await openEditor(category({ id: 9, name: 'Gifts', type: 'real', isIncome: true }));
    expect(screen.queryByLabelText(/Monthly limit/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST category/update')).toBe(false);
  });

  it('deletes after confirmation and goes back to the loan list', async () => {
    const loan = category({ id: 10, name: 'Ann', type: 'loan' });
    const { calls, router } = await openEditor(loan, { 'DELETE category/delete/10': { status: 204, body: '' } });
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    expect(screen.getByText('Open')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure?')).toBeNull());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Category successfully deleted!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/manage/loan'));
  });

  it('stays on the editor with the server message when the category has transactions (409)', async () => {
    const food = category({ id: 11, name: 'Food', type: 'real' });
    const message = 'The category has 3 transactions; deactivate it instead of deleting it';
    const { router } = await openEditor(food, {
      'DELETE category/delete/11': { status: 409, body: { type: 'conflict', message } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Category successfully deleted!')).toBeNull();
    expect(router.state.location.pathname).toBe('/private/edit-category/11');
  });

  it('shows a closed business category as closed, keeping it closed on save', async () => {
    const shop = category({ id: 12, name: 'Shop', type: 'business', isActive: false });
    const { calls } = await openEditor(shop, {
      'POST category/update': (body) => ({ status: 200, body: { ...shop, ...(body as object) } }),
    });
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.getByText(/can not be reopened/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category successfully edited!')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST category/update')?.body).toMatchObject({ id: 12, isActive: false });
  });

  it('goes back when the category can not be loaded', async () => {
    stubApi({
      ...userinfo,
      'GET category/getbyid/99': { status: 404, body: { type: 'not_found', message: 'Category 99 not found' } },
    });
    const router = renderApp('/private/edit-category/99');
    expect(await screen.findByText('Category 99 not found')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/manage/category'));
  });
});
