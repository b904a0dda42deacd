import type { BookMembers, BookSummary } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOK_KEY, chosenBook } from '../../lib/book';
import { clearToken, setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

// Shared books (issue 34): the Members tab of the User page and the invitation link's page.

const OWN: BookSummary = { bookId: 1, ownerName: 'Ada L', role: 'owner', isOwn: true, mainCurrency: 'EUR' };
const ANNAS: BookSummary = { bookId: 7, ownerName: 'Anna Kovács', role: 'editor', isOwn: false, mainCurrency: 'EUR' };
const USER_INFO = { status: 200, body: REGISTERED_USER };

const OWN_MEMBERS: BookMembers = {
  bookId: 1,
  members: [
    { userId: 1, name: 'Ada L', email: 'ada@example.com', role: 'owner' },
    { userId: 2, name: 'Bo Berg', email: 'bo@example.com', role: 'editor' },
  ],
  invites: [{ id: 5, email: 'cy@example.com', role: 'viewer', expiresAt: '2026-06-08T10:00:00.000Z' }],
};
const ANNAS_MEMBERS: BookMembers = {
  bookId: 7,
  members: [
    { userId: 7, name: 'Anna Kovács', email: 'anna@example.com', role: 'owner' },
    { userId: 1, name: 'Ada L', email: 'ada@example.com', role: 'editor' },
  ],
  invites: [],
};

const remember = (book: number, name: string) =>
  localStorage.setItem(BOOK_KEY, JSON.stringify({ user: '1', book, name }));

/** Opens a Mantine select by its accessible name and clicks one of its options. */
async function choose(name: string, option: string) {
  const field = screen.getByRole('combobox', { name });
  fireEvent.click(field);
  const listbox = await waitFor(() => {
    const list = document.getElementById(field.getAttribute('aria-controls') ?? '');
    expect(list?.querySelector('[role="option"]')).toBeTruthy();
    return list as HTMLElement;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('the Members tab', () => {
  beforeEach(() => setToken(fakeToken()));

  it('lets the owner invite by e-mail with a role, and shows the members and the open invitations', async () => {
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/members': { status: 200, body: OWN_MEMBERS },
      'POST book/invite': (body) => ({
        status: 201,
        body: { id: 6, ...(body as object), expiresAt: '2026-06-09T10:00:00.000Z' },
      }),
    });
    renderApp('/private/user/members');
    const members = await screen.findByRole('list', { name: 'Members' });
    const ada = within(members).getByRole('listitem', { name: 'Ada L' });
    expect(ada.textContent).toContain('(you)');
    expect(within(ada).getByText('Owner')).toBeTruthy();
    // Nobody changes the owner's standing; the others have a role picker and Remove.
    expect(within(ada).queryByRole('button', { name: /Remove/ })).toBeNull();
    const bo = within(members).getByRole('listitem', { name: 'Bo Berg' });
    expect(within(bo).getByText('bo@example.com')).toBeTruthy();
    expect(within(bo).getByRole('button', { name: 'Remove Bo Berg' })).toBeTruthy();
    const invites = screen.getByRole('list', { name: 'Open invitations' });
    const cy = within(invites).getByRole('listitem', { name: 'cy@example.com' });
    expect(within(cy).getByText('Viewer')).toBeTruthy();
    expect(cy.textContent).toContain('The link works until');
    // Leaving is for members; the owner cannot leave their own books.
    expect(screen.queryByRole('button', { name: 'Leave this book' })).toBeNull();

    const form = screen.getByRole('form', { name: 'Invite someone' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^E-mail address/ }), {
      target: { value: ' dee@example.com ' },
    });
    fireEvent.click(within(form).getByRole('radio', { name: 'Viewer' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to dee@example.com')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST book/invite')?.body).toEqual({ email: 'dee@example.com', role: 'viewer' });
    // The members and invitations are read again.
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET book/members')).toHaveLength(2));
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /^E-mail address/ }).value).toBe('');
  });

  it('lets the owner change a role and remove a member after asking', async () => {
    let members = OWN_MEMBERS;
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/members': () => ({ status: 200, body: members }),
      'POST book/member/update': (body) => {
        const { userId, role } = body as { userId: number; role: 'editor' | 'viewer' };
        members = { ...members, members: members.members.map((m) => (m.userId === userId ? { ...m, role } : m)) };
        return { status: 200, body: members };
      },
      'DELETE book/member/delete/2': () => {
        members = { ...members, members: members.members.filter((m) => m.userId !== 2) };
        return { status: 204, body: '' };
      },
    });
    renderApp('/private/user/members');
    await screen.findByRole('list', { name: 'Members' });
    await choose('Role of Bo Berg', 'Viewer');
    expect(await screen.findByText('Bo Berg is now a viewer')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST book/member/update')?.body).toEqual({ userId: 2, role: 'viewer' });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Role of Bo Berg' }).value).toBe('Viewer'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Bo Berg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bo Berg?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Bo Berg removed')).toBeTruthy();
    expect(calls.some((c) => c.key === 'DELETE book/member/delete/2')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Bo Berg' })).toBeNull());
  });

  it('lets the owner withdraw an open invitation after asking', async () => {
    let members = OWN_MEMBERS;
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/members': () => ({ status: 200, body: members }),
      'DELETE book/invite/delete/5': () => {
        members = { ...members, invites: [] };
        return { status: 204, body: '' };
      },
    });
    renderApp('/private/user/members');
    const invites = await screen.findByRole('list', { name: 'Open invitations' });
    fireEvent.click(within(invites).getByRole('button', { name: 'Withdraw the invitation to cy@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation to cy@example.com?' });
    // No: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.key.startsWith('DELETE book/invite'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to cy@example.com' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw the invitation to cy@example.com?' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    expect(await screen.findByText('Invitation to cy@example.com withdrawn')).toBeTruthy();
    expect(await screen.findByText('No invitations waiting.')).toBeTruthy();
  });

  it('shows a member the others and their role, no management, and lets them leave for their own books', async () => {
    remember(7, "Anna Kovács's books");
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/getall': { status: 200, body: [OWN, ANNAS] },
      'GET book/members': (_body, headers) => ({
        status: 200,
        body: headers['Kassa-Book'] === '7' ? ANNAS_MEMBERS : { ...OWN_MEMBERS, invites: [] },
      }),
      'POST book/leave/7': { status: 204, body: '' },
    });
    renderApp('/private/user/members');
    expect(
      await screen.findByText(
        "You are an editor of Anna Kovács's books: you can read them and add to them. Only the owner decides who has access.",
      ),
    ).toBeTruthy();
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByRole('listitem', { name: 'Anna Kovács' }).textContent).toContain('Owner');
    expect(within(members).getByRole('listitem', { name: 'Ada L' }).textContent).toContain('(you)');
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Open invitations' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Leave this book' }));
    const dialog = await screen.findByRole('dialog', { name: "Leave Anna Kovács's books?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText("You left Anna Kovács's books")).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST book/leave/7')?.headers['Kassa-Book']).toBe('7');
    expect(chosenBook()).toBeNull();
    // Back in the own book: its members, asked without the header.
    expect(await screen.findByRole('form', { name: 'Invite someone' })).toBeTruthy();
    expect(calls.filter((c) => c.key === 'GET book/members').at(-1)?.headers['Kassa-Book']).toBeUndefined();
  });

  it('says so in place when the members cannot be loaded', async () => {
    stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/members': { status: 500, body: { type: 'internal', message: 'Internal error' } },
    });
    renderApp('/private/user/members');
    expect(
      await screen.findByText('The members of this book could not be loaded.', {}, { timeout: 8000 }),
    ).toBeTruthy();
  });
});

describe('the invitation link', () => {
  beforeEach(() => setToken(fakeToken()));

  // The dashboard's first import is the slow part on a busy machine.
  it('accepts once, switches to the book joined and goes to the dashboard', { timeout: 15_000 }, async () => {
    let joined = false;
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/getall': () => ({ status: 200, body: joined ? [OWN, ANNAS] : [OWN] }),
      'POST book/accept/tok-123': () => {
        joined = true;
        return { status: 200, body: ANNAS };
      },
    });
    const router = renderApp('/private/book/accept/tok-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/dashboard'));
    expect(await screen.findByText("You joined Anna Kovács's books as an editor")).toBeTruthy();
    expect(chosenBook()).toBe(7);
    expect(await screen.findByRole('button', { name: "Switch book (now Anna Kovács's books)" })).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST book/accept/tok-123')).toHaveLength(1);
    // The switch makes the screen anew; the welcome is said once all the same.
    expect(screen.getAllByText("You joined Anna Kovács's books as an editor")).toHaveLength(1);
    expect(calls.filter((c) => c.key === 'GET book/getall').at(-1)?.headers['Kassa-Book']).toBe('7');
  });

  it.each([
    [
      404,
      'not_found',
      'This invitation link is not valid: it was used, withdrawn or has expired',
      'Ask the owner of the books to invite you again: a new link comes by mail.',
    ],
    [
      403,
      'forbidden',
      'This invitation is for bo@example.com: sign in with that address to accept it',
      'Log out, sign in with the invited address, and open the link again.',
    ],
  ])('explains a refusal (%i) in place, with what to do', async (status, type, message, advice) => {
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'POST book/accept/old': { status, body: { type, message } },
    });
    const router = renderApp('/private/book/accept/old');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This invitation cannot be accepted')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByText(advice)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/private/dashboard');
    expect(screen.queryAllByRole('button', { name: 'Log out' })).toHaveLength(status === 403 ? 1 : 0);
    // Shown once, on the page, not again as a toast.
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/private/book/accept/old');
    expect(calls.filter((c) => c.key === 'POST book/accept/old')).toHaveLength(1);
    expect(chosenBook()).toBeNull();
  });

  it('brings someone signed out back to the link after the login', async () => {
    clearToken();
    stubApi({});
    const router = renderApp('/private/book/accept/tok-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/login'));
    expect(router.state.location.state).toEqual({ from: '/private/book/accept/tok-123' });
  });
});
