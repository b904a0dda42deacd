import type {
  BackupRestoreResult,
  BookInvite,
  BookInviteRequest,
  BookMembers,
  BookMemberUpdate,
  BookSummary,
  ChangePasswordBody,
  Preferences,
  PreferencesRequest,
  UserInfo,
} from '@kassa/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPost, apiRequest } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { queryKeys } from '../../shared/query-keys';

/** POST account/changepass; the server answers 204 and voids every earlier token. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordBody) => apiPost<undefined>('account/changepass', request),
  });
}

/**
 * POST account/preferences (issue 36): language, number or date format; the answer, all three,
 * goes into the cached userinfo, so every screen takes the new formats at once (shared/preferences.ts).
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PreferencesRequest) => apiPost<Preferences>('account/preferences', request),
    onSuccess: (saved) =>
      queryClient.setQueryData<UserInfo>(queryKeys.userInfo, (old) => (old === undefined ? old : { ...old, ...saved })),
  });
}

/**
 * GET account/getreferral creates a new single-use code on every call, so it is a mutation (run
 * on demand, never refetched or retried behind the user's back); its answer is plain text.
 */
export function useGenerateReferral() {
  return useMutation({
    mutationFn: () => apiRequest<string>('GET', 'account/getreferral', undefined, { text: true }),
  });
}

/** Today as YYYY-MM-DD (local), for a download's fallback name. */
const today = () => new Date().toLocaleDateString('sv-SE');

/** GET backup/get saved as a file: the whole account as one versioned JSON document. */
export function useDownloadBackup() {
  return useMutation({ mutationFn: () => downloadFile('backup/get', `kassa-backup-${today()}.json`) });
}

/** GET export/hledger saved as a file: the books as an hledger journal. */
export function useExportHledger() {
  return useMutation({ mutationFn: () => downloadFile('export/hledger', `kassa-${today()}.journal`) });
}

/** How a restore ended: loaded (with the counts), or refused because the account already has books. */
export type RestoreOutcome = { kind: 'restored'; counts: BackupRestoreResult } | { kind: 'has-books'; message: string };

/**
 * POST backup/restore (with `replace`, ?replace=true). The 409 of an account that already has
 * books is an answer, not a failure: the page asks whether to replace them. Every other error
 * takes the usual path. A restore changes everything, so every query is refreshed after it.
 */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ document, replace }: { document: unknown; replace: boolean }): Promise<RestoreOutcome> => {
      try {
        const counts = await apiPost<BackupRestoreResult>(`backup/restore${replace ? '?replace=true' : ''}`, document);
        return { kind: 'restored', counts };
      } catch (err) {
        if (!replace && err instanceof ApiError && err.status === 409)
          return { kind: 'has-books', message: err.message };
        throw err;
      }
    },
    onSuccess: async (outcome) => {
      if (outcome.kind === 'restored') await queryClient.invalidateQueries();
    },
  });
}

// Shared books (issue 34): the Members tab's writes and the invitation link's acceptance. Each
// write answers or changes the current book's members, so the book answers are read again.

function useRefreshBooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.book });
}

/** POST book/invite: mails a single-use link to the address (the owner only). */
export function useInviteMember() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (body: BookInviteRequest) => apiPost<BookInvite>('book/invite', body),
    onSuccess: refresh,
  });
}

/** POST book/member/update: a member's new role (the owner only); answers the members. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookMemberUpdate) => apiPost<BookMembers>('book/member/update', body),
    onSuccess: (members) => queryClient.setQueryData(queryKeys.bookMembers, members),
  });
}

/** DELETE book/member/delete/{userId}: their access ends at once (the owner only). */
export function useRemoveMember() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<undefined>('DELETE', `book/member/delete/${userId}`),
    onSuccess: refresh,
  });
}

/** DELETE book/invite/delete/{id}: the owner withdraws an invitation not yet accepted; its link stops working. */
export function useWithdrawInvite() {
  const refresh = useRefreshBooks();
  return useMutation({
    mutationFn: (id: number) => apiRequest<undefined>('DELETE', `book/invite/delete/${id}`),
    onSuccess: refresh,
  });
}

/** POST book/leave/{bookId}: the user leaves a book shared with them; the caller switches away. */
export function useLeaveBook() {
  return useMutation({ mutationFn: (bookId: number) => apiPost<undefined>(`book/leave/${bookId}`) });
}

/**
 * The acceptances asked for while the app runs, by token: a link works once, so a page made anew
 * (the router mounts a lazily loaded page again) joins the request already sent instead of
 * sending a second, which would be refused as used. A refusal is forgotten, so opening the link
 * again asks again.
 */
const acceptances = new Map<string, Promise<BookSummary>>();

function acceptOnce(token: string): Promise<BookSummary> {
  const pending = acceptances.get(token);
  if (pending !== undefined) return pending;
  const request = apiPost<BookSummary>(`book/accept/${encodeURIComponent(token)}`);
  acceptances.set(token, request);
  request.catch(() => acceptances.delete(token));
  return request;
}

/**
 * POST book/accept/{token}: the invitation link's acceptance, answering the book joined. Its
 * refusals (used, expired, another address) are the accept page's to show, not a toast's.
 */
export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptOnce, meta: { silent: true } });
}
