import type {
  ImportBatch,
  ImportCommitBody,
  ImportCommitResult,
  ImportOptionsBody,
  ImportPreview,
  ImportUndoResult,
  Pocket,
} from '@kassa/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet, apiPost, apiRequest, postForm } from '../../lib/api';
import { noticeFor } from '../../lib/errors';
import { refreshAfterLedgerChange } from '../../shared/ledger-refresh';
import { queryKeys } from '../../shared/query-keys';
import { reportFailure } from '../../shared/session';

/** GET pocket/getall: the pockets a statement can go to. */
export function usePockets() {
  return useQuery({ queryKey: queryKeys.pocketList, queryFn: () => apiGet<Pocket[]>('pocket/getall') });
}

/** GET import/getall: earlier imports, newest first. */
export function useImportBatches() {
  return useQuery({ queryKey: queryKeys.importBatches, queryFn: () => apiGet<ImportBatch[]>('import/getall') });
}

/** Where a preview request is: sending the file (with its progress, 0–100), or waiting while the server reads it. */
export type PreviewPhase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'reading' };

export interface PreviewState {
  phase: PreviewPhase;
  /** The last preview the server answered (kept on screen while the next one loads). */
  preview: ImportPreview | undefined;
  /** The last request's failure, as the screen shows it; cleared by the next request. */
  error: string | undefined;
}

const IDLE: PreviewState = { phase: { kind: 'idle' }, preview: undefined, error: undefined };

/**
 * DELETE import/discard/{batchId}: every settings change stores a new preview on the server; the
 * one it replaces (or a cancelled one) is dropped at once instead of waiting out its 24 hours.
 * Best effort: a failure only means the server drops it later.
 */
function discard(batchId: number): void {
  apiRequest('DELETE', `import/discard/${batchId}`).catch(() => undefined);
}

/**
 * POST import/preview, run again whenever the file, pocket or settings change ("live" preview).
 * `request` waits `delayMs` first, so quick changes (typing a number) send one request; a newer
 * request cancels the one under way, so an older answer never replaces a newer one. Failures are
 * kept in `error` for the screen and logged; a lost session still logs out.
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
    setState((s) => ({ ...s, phase: { kind: 'uploading', percent: 0 }, error: undefined }));
    const form = new FormData();
    form.append('options', JSON.stringify(options));
    form.append('file', file, file.name);
    try {
      const preview = await postForm<ImportPreview>('import/preview', form, {
        signal: controller.signal,
        onUploadProgress: (loaded, total) => {
          if (controller.signal.aborted) return;
          const done = total > 0 && loaded >= total;
          setState((s) => ({
            ...s,
            phase: done ? { kind: 'reading' } : { kind: 'uploading', percent: total > 0 ? (loaded / total) * 100 : 0 },
          }));
        },
      });
      if (controller.signal.aborted) {
        discard(preview.batchId);
        return;
      }
      if (shown.current !== undefined && shown.current !== preview.batchId) discard(shown.current);
      shown.current = preview.batchId;
      setState({ phase: { kind: 'idle' }, preview, error: undefined });
    } catch (err) {
      if (controller.signal.aborted) return;
      reportFailure(err, { silent: true });
      setState((s) => ({ ...s, phase: { kind: 'idle' }, error: noticeFor(err).message }));
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  }, []);

  const request = useCallback(
    (file: File, options: ImportOptionsBody, delayMs = 0) => {
      cancel();
      if (delayMs <= 0) void send(file, options);
      else {
        // Shown at once, so the screen says the rows are being read again.
        setState((s) => ({ ...s, phase: { kind: 'reading' }, error: undefined }));
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

/** POST import/commit/{batchId}: then every ledger view and the history are loaded again. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, body }: { batchId: number; body: ImportCommitBody }) =>
      apiPost<ImportCommitResult>(`import/commit/${batchId}`, body),
    onSuccess: () =>
      Promise.all([
        refreshAfterLedgerChange(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.importBatches }),
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
