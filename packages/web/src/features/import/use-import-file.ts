import type { ImportCommitResult, ImportOptionsBody, ImportPreview, Pocket } from '@kassa/contract';
import { useState } from 'react';
import { noticeFor } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useCommitImport, type usePreviewUpload } from './api';
import { commitBody } from './choices';
import { sizeText } from './FileDrop';
import { MAX_FILE_BYTES, optionsAfter, optionsForPocket, type SettingChange } from './settings';
import { count } from './texts';
import type { ImportChoices } from './use-import-choices';

/** Milliseconds the page waits after a settings change before reading the file again (typing a number sends once). */
const SETTINGS_DELAY_MS = 400;

const withPocket = (pocketId: number | null): ImportOptionsBody => (pocketId === null ? {} : { pocketId });

type PreviewUpload = ReturnType<typeof usePreviewUpload>;

/**
 * The file being imported and its pocket: reading it, again after each change of pocket,
 * settings or rules (`picks` are kept only then), the fixpoint box, and what its import did.
 */
export function useImportFile(upload: PreviewUpload, pocketList: readonly Pocket[] | undefined, picks: ImportChoices) {
  const [pocketChoice, setPocketChoice] = useState<number | null | undefined>(undefined);
  const onlyPocket = pocketList?.length === 1 ? (pocketList[0]?.pocketId ?? null) : null;
  const pocketId = pocketChoice === undefined ? onlyPocket : pocketChoice;
  const [file, setFile] = useState<File | null>(null);
  const [fixpoint, setFixpoint] = useState(false);
  const [result, setResult] = useState<ImportCommitResult | null>(null);
  const preview = upload.preview;

  const start = (f: File, options: ImportOptionsBody) => {
    setResult(null);
    upload.request(f, options);
  };

  const onFile = (f: File) => {
    if (f.size > MAX_FILE_BYTES) {
      setFile(null);
      upload.fail(`${f.name} is ${sizeText(f.size)}: a file may have at most 50 MB. Split it into shorter periods.`);
      return;
    }
    setFile(f);
    setFixpoint(false);
    upload.reset(); // the last file's rows go at once
    start(f, withPocket(pocketId));
  };

  const onPocket = (id: number | null) => {
    setPocketChoice(id);
    if (file !== null && result === null) start(file, optionsForPocket(preview, id));
  };

  const onSetting = (change: SettingChange) => {
    if (file === null || preview === undefined) return;
    const options = optionsAfter(preview, change, pocketId);
    if (options !== null) upload.request(file, options, { delayMs: SETTINGS_DELAY_MS });
  };

  const onRuleSaved = () => {
    // The rule may fit other rows too: read the file again, keeping the choices made so far.
    if (file === null || preview === undefined) return;
    picks.carryToNextRead();
    upload.request(file, optionsForPocket(preview, pocketId), { sameRows: true });
  };

  const reset = () => {
    upload.reset();
    setFile(null);
    setResult(null);
    setFixpoint(false);
    picks.clear();
  };

  const committed = (r: ImportCommitResult) => {
    upload.committed();
    setResult(r);
  };

  return {
    pocketId,
    file,
    fixpoint,
    setFixpoint,
    result,
    start,
    onFile,
    onPocket,
    onSetting,
    onRuleSaved,
    reset,
    committed,
  };
}

/**
 * Imports the rows on screen as chosen (with the statement's closing balance as a fixpoint when
 * `fixpoint` and it has one); `onDone` with what the server did. `refusal` is the server's no to
 * this preview's last try. Named as ImportActions takes them.
 */
export function useCommitRows(
  rowsPreview: ImportPreview | undefined,
  picks: ImportChoices,
  fixpoint: boolean,
  onDone: (result: ImportCommitResult) => void,
) {
  const commit = useCommitImport();
  const closing = rowsPreview?.accounts.filter((a) => a.closingBalance !== undefined) ?? [];
  const onCommit = () => {
    if (rowsPreview === undefined) return;
    commit.mutate(
      {
        batchId: rowsPreview.batchId,
        body: commitBody(rowsPreview.rows, picks.choices, fixpoint && closing.length > 0),
      },
      {
        onSuccess: (r) => {
          onDone(r);
          notifySuccess(`Import finished: ${count(r.imported, 'row')} imported`);
        },
      },
    );
  };
  const refusal =
    commit.error !== null && commit.variables.batchId === rowsPreview?.batchId
      ? noticeFor(commit.error).message
      : undefined;
  return { closing, onCommit, refusal, committing: commit.isPending, progress: commit.progress };
}
