import {
  IMPORT_PROGRESS_MEDIA_TYPE,
  type AddCurrencyBody,
  type ImportBatch,
  type ImportCommitBody,
  type ImportCommitResult,
  type ImportOptionsBody,
  type ImportPreview,
  type ImportUndoResult,
  type NewPocketBody,
  type Pocket,
  type UserCurrencyDto,
} from '@kassa/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch, apiGet, apiPost, apiRequest } from '../../lib/api';
import { getToken } from '../../lib/token';
import { noticeFor } from '../../lib/errors';
import { refreshAfterLedgerChange } from '../../shared/ledger-refresh';
import { usePocketList } from '../../shared/pockets';
import { queryKeys } from '../../shared/query-keys';
import { reportFailure } from '../../shared/session';
import { postPreview, type PreviewProgress } from './preview-request';
import { ProgressAnswerReader } from './progress-answer';

/** GET pocket/getall: the pockets a statement can go to (the list the bank screen offers too). */
export const usePockets = usePocketList;

/** GET import/getall: earlier imports, newest first. */
export function useImportBatches() {
  return useQuery({ queryKey: queryKeys.importBatches, queryFn: () => apiGet<ImportBatch[]>('import/getall') });
}

/**
 * Where a preview request is: waiting out the settings delay, sending the file (0–100 %), on the
 * server (reading, checking and storing the rows: nothing to measure), or receiving its rows.
 */
export type PreviewPhase = { kind: 'idle' } | { kind: 'waiting' } | ({ kind: 'busy' } & PreviewProgress);

export interface PreviewState {
  phase: PreviewPhase;
  /** The last preview the server answered. */
  preview: ImportPreview | undefined;
  /**
   * Whether `preview`'s rows still stand: false from a request that may change them (another
   * pocket, file setting) until its answer, and after a failure.
   */
  current: boolean;
  /** The last request's failure, as the screen shows it; cleared by the next request. */
  error: string | undefined;
}

const IDLE: PreviewState = { phase: { kind: 'idle' }, preview: undefined, current: false, error: undefined };

/**
 * DELETE import/discard/{batchId}: every settings change stores a new preview on the server; the
 * one it replaces (or a cancelled one) is dropped at once instead of waiting out its 24 hours.
 * Best effort: a failure only means the server drops it later.
 */
function discard(batchId: number): void {
  apiRequest('DELETE', `import/discard/${batchId}`).catch(() => undefined);
}

export interface PreviewRequestOptions {
  /** Milliseconds to wait first (typing a number sends once). */
  delayMs?: number;
  /** The same file and settings read again (after a new rule): the rows on screen stay meanwhile. */
  sameRows?: boolean;
}

/**
 * POST import/preview, run again whenever the file, pocket or settings change ("live" preview).
 * `request` may wait first, so quick changes (typing a number) send one request; a newer request
 * cancels the one under way, so an older answer never replaces a newer one. Failures are kept in
 * `error` for the screen and logged; a lost session still logs out.
 */
export function usePreviewUpload() {
  const [state, setState] = useState<PreviewState>(IDLE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | undefined>(undefined);
  /** The batch of the preview on screen, still uncommitted: discarded when another replaces it. */
  const shown = useRef<number | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    running.current?.abort();
    running.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  const send = useCallback(async (file: File, options: ImportOptionsBody) => {
    const controller = new AbortController();
    running.current = controller;
    setState((s) => ({ ...s, phase: { kind: 'busy', step: 'sending', percent: 0 }, error: undefined }));
    const form = new FormData();
    form.append('options', JSON.stringify(options));
    form.append('file', file, file.name);
    try {
      const preview = await postPreview(
        form,
        (progress) => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, phase: { kind: 'busy', ...progress } }));
        },
        controller.signal,
      );
      if (controller.signal.aborted) {
        discard(preview.batchId);
        return;
      }
      if (shown.current !== undefined && shown.current !== preview.batchId) discard(shown.current);
      shown.current = preview.batchId;
      setState({ phase: { kind: 'idle' }, preview, current: true, error: undefined });
    } catch (err) {
      if (controller.signal.aborted) return;
      reportFailure(err, { silent: true });
      setState((s) => ({ ...s, phase: { kind: 'idle' }, current: false, error: noticeFor(err).message }));
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  }, []);

  const request = useCallback(
    (file: File, options: ImportOptionsBody, { delayMs = 0, sameRows = false }: PreviewRequestOptions = {}) => {
      cancel();
      // The rows on screen (and their errors) were read with other settings: they go at once.
      setState((s) => ({ ...s, current: sameRows && s.current, error: undefined }));
      if (delayMs <= 0) void send(file, options);
      else {
        // Shown at once, so the screen says the rows are being read again.
        setState((s) => ({ ...s, phase: { kind: 'waiting' } }));
        timer.current = setTimeout(() => void send(file, options), delayMs);
      }
    },
    [cancel, send],
  );

  const reset = useCallback(() => {
    cancel();
    if (shown.current !== undefined) discard(shown.current);
    shown.current = undefined;
    setState(IDLE);
  }, [cancel]);

  /** The shown preview was committed: it is no longer one to discard. */
  const committed = useCallback(() => {
    shown.current = undefined;
  }, []);

  /** Shows a failure found before sending (a file too large). */
  const fail = useCallback(
    (message: string) => {
      cancel();
      setState({ ...IDLE, error: message });
    },
    [cancel],
  );

  return { ...state, request, reset, fail, committed };
}

/** How far the server is with a commit: rows of the batch done of all it holds. */
export interface CommitProgressValue {
  done: number;
  total: number;
}

/**
 * POST import/commit/{batchId} with its progress lines (progress-answer.ts), read as they arrive;
 * answers the commit's result, or throws the ApiError of a refusal or a failure line.
 */
async function postCommit(
  batchId: number,
  body: ImportCommitBody,
  onProgress: (progress: CommitProgressValue) => void,
): Promise<ImportCommitResult> {
  const res = await apiFetch('POST', `import/commit/${batchId}`, body, { accept: IMPORT_PROGRESS_MEDIA_TYPE });
  // A server (or a proxy) that does not answer with progress answers the result as plain JSON.
  if (!(res.headers.get('content-type') ?? '').includes(IMPORT_PROGRESS_MEDIA_TYPE))
    return (await res.json()) as ImportCommitResult;
  const answer = new ProgressAnswerReader((p) => onProgress({ done: p.done, total: p.total }));
  if (res.body === null) answer.append(await res.text());
  else {
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      answer.append(decoder.decode(value, { stream: true }));
    }
    answer.append(decoder.decode());
  }
  return answer.value('result', getToken() !== null) as ImportCommitResult;
}

/** POST import/commit/{batchId}: then every ledger view and the history are loaded again. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<CommitProgressValue | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: ({ batchId, body }: { batchId: number; body: ImportCommitBody }) => {
      setProgress(undefined);
      return postCommit(batchId, body, setProgress);
    },
    // The Import card shows the refusal itself, where the button is.
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        refreshAfterLedgerChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.importBatches }),
      ]),
  });
  return { ...mutation, progress };
}

/** A pocket for a currency of the file: its name, and whether the user has the currency yet. */
export interface PocketForFile {
  currency: string;
  name: string;
  hasCurrency: boolean;
}

/**
 * A new bank pocket for a file's currency, made where the file is (issue 32): POST currency/add
 * with the pocket when the user lacks the currency (it answers only the currency, so the pocket is
 * then found in the reloaded list), else POST pocket/add. Answers the new pocket.
 */
export function useCreatePocket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ currency, name, hasCurrency }: PocketForFile): Promise<Pocket> => {
      if (hasCurrency) return apiPost<Pocket>('pocket/add', { name, currency, isCash: false } satisfies NewPocketBody);
      await apiPost<UserCurrencyDto>('currency/add', { currency, items: [{ name }] } satisfies AddCurrencyBody);
      const pockets = await apiGet<Pocket[]>('pocket/getall');
      const made = pockets.filter((p) => p.currency === currency).sort((a, b) => b.pocketId - a.pocketId)[0];
      if (made === undefined) throw new Error(`The ${currency} pocket was made but is not in the list of pockets`);
      return made;
    },
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.pockets }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userCurrencies }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dailyRates }),
      ]),
  });
}

/** POST import/undo/{batchId}: takes a committed batch back out of the books. */
export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: number) => apiPost<ImportUndoResult>(`import/undo/${batchId}`),
    onSuccess: () =>
      Promise.all([
        refreshAfterLedgerChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.importBatches }),
      ]),
  });
}
