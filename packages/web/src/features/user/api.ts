import type { BackupRestoreResult, ChangePasswordBody } from '@kassa/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPost, apiRequest } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** POST account/changepass; the server answers 204 and voids every earlier token. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordBody) => apiPost<undefined>('account/changepass', request),
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
