import { Alert, Card, Container, Select, Stack, Text, Title } from '@mantine/core';
import type {
  Category,
  ImportAccount,
  ImportCommitResult,
  ImportOptionsBody,
  ImportPreview,
  ImportRow,
  Pocket,
} from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { noticeFor } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useCategories } from '../../shared/global-data';
import { RuleEditorModal } from '../manage';
import { useCommitImport, useImportBatches, usePockets, usePreviewUpload, type PreviewPhase } from './api';
import {
  categoryOf,
  commitBody,
  fatesOf,
  samePayeeLines,
  scheduleCount,
  tally,
  type Choices,
  type RowChoice,
} from './choices';
import { FileDrop, sizeText } from './FileDrop';
import { FirstReadSettings } from './FirstReadSettings';
import { HistoryPanel } from './HistoryPanel';
import { ImportActions } from './ImportActions';
import { ImportSummary } from './ImportSummary';
import { unplacedCurrencies } from './pocket-offer';
import { PocketOffers } from './PocketOffer';
import { PreviewProgress } from './ProgressLines';
import { RowsPanel } from './RowsPanel';
import { MAX_FILE_BYTES, optionsAfter, optionsForPocket, optionsFromFirstRead, type SettingChange } from './settings';
import { SettingsPanel } from './SettingsPanel';
import { count, instantDay, planText } from './texts';

/** Below this width the rows are cards. */
const COMPACT_QUERY = '(max-width: 767.98px)';

/** Milliseconds the page waits after a settings change before reading the file again (typing a number sends once). */
const SETTINGS_DELAY_MS = 400;

const NO_CHOICES: Choices = new Map();
const NO_CATEGORIES: readonly Category[] = [];

/** The choices made on one preview; `carry` keeps them for the next preview of the same file and settings. */
interface ChoiceState {
  batchId: number | null;
  map: Choices;
  carry: boolean;
}

const withPocket = (pocketId: number | null): ImportOptionsBody => (pocketId === null ? {} : { pocketId });

/** Merges a change into each of `lines`' choices; a field set to undefined goes back to the preview's proposal. */
function mergedAll(map: Choices, lines: readonly number[], change: RowChoice): Choices {
  const next = new Map(map);
  for (const line of lines) {
    const entry = Object.fromEntries(
      Object.entries({ ...map.get(line), ...change } as Record<string, unknown>).filter(([, v]) => v !== undefined),
    ) as RowChoice;
    if (Object.keys(entry).length === 0) next.delete(line);
    else next.set(line, entry);
  }
  return next;
}

const merged = (map: Choices, line: number, change: RowChoice) => mergedAll(map, [line], change);

/** A category spread to the same payee's rows, on the preview it was made on. */
interface SpreadState {
  batchId: number;
  line: number;
  lines: readonly number[];
  categoryId: number;
}

/**
 * private/import: a bank file in four steps on one screen. Pick the pocket and the file, which is
 * read at once (preview); check the settings the server detected, each change reading it again;
 * go through the rows (category, skip, import a duplicate anyway, not a pair, not the scheduled
 * entry it would confirm); import, and see what was done. Earlier imports can be undone below.
 */
export function ImportPage() {
  const compact = useMediaQuery(COMPACT_QUERY);
  const pocketList = usePockets().data;
  const categories = useCategories().data ?? NO_CATEGORIES;
  const pockets = useMemo(() => new Map((pocketList ?? []).map((p) => [p.pocketId, p])), [pocketList]);
  // Prefetched, so the list is there when the first import is done.
  useImportBatches();
  const upload = usePreviewUpload();
  const commit = useCommitImport();

  const [pocketChoice, setPocketChoice] = useState<number | null | undefined>(undefined);
  const onlyPocket = pocketList?.length === 1 ? (pocketList[0]?.pocketId ?? null) : null;
  const pocketId = pocketChoice === undefined ? onlyPocket : pocketChoice;
  const [file, setFile] = useState<File | null>(null);
  const [fixpoint, setFixpoint] = useState(false);
  const [result, setResult] = useState<ImportCommitResult | null>(null);
  const [ruleRow, setRuleRow] = useState<ImportRow | null>(null);
  const [ruleOpen, setRuleOpen] = useState(false);
  const [spreadState, setSpreadState] = useState<SpreadState | null>(null);

  /** The last preview answered, for its settings; its rows stand only while `upload.current`. */
  const preview = upload.preview;
  const rowsPreview = upload.current ? preview : undefined;
  const [choiceState, setChoiceState] = useState<ChoiceState>({ batchId: null, map: NO_CHOICES, carry: false });
  // A new preview starts without choices, unless it only refreshed the same rows (after a new rule).
  if (preview !== undefined && choiceState.batchId !== preview.batchId) {
    setChoiceState({ batchId: preview.batchId, map: choiceState.carry ? choiceState.map : NO_CHOICES, carry: false });
  }
  const choices = preview !== undefined && choiceState.batchId === preview.batchId ? choiceState.map : NO_CHOICES;
  const fates = useMemo(() => fatesOf(rowsPreview?.rows ?? [], choices), [rowsPreview, choices]);

  // What a category pick needs to find the payee's other rows, without a new onChoice (and a
  // re-render of every row) each time a choice changes.
  const latest = useRef({ rows: [] as readonly ImportRow[], choices, fates, batchId: -1 });
  useEffect(() => {
    latest.current = { rows: rowsPreview?.rows ?? [], choices, fates, batchId: rowsPreview?.batchId ?? -1 };
  }, [rowsPreview, choices, fates]);

  const onChoice = useCallback((line: number, change: RowChoice) => {
    const now = latest.current;
    const categoryId = change.categoryId;
    const others =
      categoryId === undefined || categoryId === null ? [] : samePayeeLines(now.rows, now.choices, now.fates, line);
    setChoiceState((s) => ({ ...s, map: mergedAll(merged(s.map, line, change), others, { categoryId }) }));
    if (categoryId !== undefined)
      setSpreadState(
        categoryId === null || others.length === 0 ? null : { batchId: now.batchId, line, lines: others, categoryId },
      );
  }, []);

  const spread = useMemo(() => {
    if (spreadState === null || spreadState.batchId !== rowsPreview?.batchId) return null;
    const { line, lines, categoryId } = spreadState;
    const onUndo = () => {
      // Rows whose category was changed again since keep the newer choice.
      const still = lines.filter((l) => latest.current.choices.get(l)?.categoryId === categoryId);
      setChoiceState((s) => ({ ...s, map: mergedAll(s.map, still, { categoryId: undefined }) }));
      setSpreadState(null);
    };
    return { line, lines, onUndo };
  }, [spreadState, rowsPreview]);

  const onRule = useCallback((row: ImportRow) => {
    setRuleRow(row);
    setRuleOpen(true);
  }, []);

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
    setChoiceState((s) => ({ ...s, carry: true }));
    upload.request(file, optionsForPocket(preview, pocketId), { sameRows: true });
  };

  const reset = () => {
    upload.reset();
    setFile(null);
    setResult(null);
    setFixpoint(false);
    setChoiceState({ batchId: null, map: NO_CHOICES, carry: false });
  };

  const closing = rowsPreview?.accounts.filter((a) => a.closingBalance !== undefined) ?? [];
  const plan = tally(fates);
  const onCommit = () => {
    if (rowsPreview === undefined) return;
    commit.mutate(
      { batchId: rowsPreview.batchId, body: commitBody(rowsPreview.rows, choices, fixpoint && closing.length > 0) },
      {
        onSuccess: (r) => {
          upload.committed();
          setResult(r);
          notifySuccess(`Import finished: ${count(r.imported, 'row')} imported`);
        },
      },
    );
  };
  const refusal =
    commit.error !== null && commit.variables.batchId === rowsPreview?.batchId
      ? noticeFor(commit.error).message
      : undefined;

  const busy = upload.phase.kind !== 'idle';
  const status = <PreviewStatus phase={upload.phase} file={file} error={upload.error} />;

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        {result !== null && file !== null ? (
          <ImportSummary fileName={file.name} result={result} onAnother={reset} />
        ) : (
          <>
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="import-file-title">
              <Stack gap="sm">
                <div>
                  <Title order={2} size="h4" id="import-file-title">
                    Bank file
                  </Title>
                  <Text size="sm" c="dimmed">
                    Choose the pocket the statement belongs to, then the file your bank gave you.
                  </Text>
                </div>
                <PocketPicker pockets={pocketList} value={pocketId} onChange={onPocket} />
                <FileDrop file={file} onFile={onFile} />
                {/* Until a read of this file works, what happens shows here; then below its settings. */}
                {preview === undefined && status}
              </Stack>
            </Card>
            {file !== null && preview === undefined && upload.error !== undefined && (
              <FirstReadSettings
                key={`${file.name}:${file.size}:${file.lastModified}`}
                onRead={(settings) => start(file, optionsFromFirstRead(settings, pocketId))}
              />
            )}
            {/* Beside the pocket picker: the way out of rows no pocket takes. */}
            {rowsPreview !== undefined && file !== null && (
              <PocketOffers
                unplaced={unplacedCurrencies(rowsPreview, pockets)}
                chosen={pocketId === null ? undefined : pockets.get(pocketId)}
                onPocket={onPocket}
              />
            )}
            {preview !== undefined && file !== null && (
              <div aria-busy={busy} style={{ opacity: busy && rowsPreview !== undefined ? 0.75 : undefined }}>
                <Stack gap="md">
                  <SettingsPanel preview={preview} onChange={onSetting} compact={compact} />
                  {status}
                  {rowsPreview !== undefined && (
                    <>
                      <Notices preview={rowsPreview} />
                      <RowsPanel
                        key={rowsPreview.batchId}
                        preview={rowsPreview}
                        choices={choices}
                        fates={fates}
                        onChoice={onChoice}
                        pockets={pockets}
                        categories={categories}
                        compact={compact}
                        onRule={onRule}
                        spread={spread}
                      />
                      <ImportActions
                        compact={compact}
                        plan={planText(plan, scheduleCount(rowsPreview.rows, choices, fates))}
                        writes={plan.import}
                        closing={closing}
                        fixpoint={fixpoint}
                        onFixpoint={setFixpoint}
                        onCommit={onCommit}
                        onCancel={reset}
                        committing={commit.isPending}
                        progress={commit.progress}
                        refusal={refusal}
                        blocked={busy}
                      />
                    </>
                  )}
                </Stack>
              </div>
            )}
          </>
        )}
        <HistoryPanel pockets={pockets} />
      </Stack>
      {ruleRow !== null && (
        <RuleEditorModal
          opened={ruleOpen}
          onClose={() => setRuleOpen(false)}
          initial={ruleStart(ruleRow, choices)}
          onSaved={onRuleSaved}
        />
      )}
    </Container>
  );
}

/** How the read goes, or why it failed (the server's message), where the user is. */
function PreviewStatus({ phase, file, error }: { phase: PreviewPhase; file: File | null; error: string | undefined }) {
  if (phase.kind !== 'idle') return <PreviewProgress phase={phase} file={file} />;
  if (error === undefined) return null;
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} title="The file could not be read">
      {error}
    </Alert>
  );
}

/** A new rule from a row: its payee (else its description) and the category it has now. */
function ruleStart(row: ImportRow, choices: Choices) {
  const categoryId = categoryOf(row, choices.get(row.line));
  return {
    pattern: (row.payee !== '' ? row.payee : row.description).trim().slice(0, 200),
    ...(categoryId === null ? {} : { categoryId }),
  };
}

/** The pockets by currency; the only one is chosen by itself. */
function PocketPicker({
  pockets,
  value,
  onChange,
}: {
  pockets: readonly Pocket[] | undefined;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const data = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const p of pockets ?? []) {
      const items = groups.get(p.currency) ?? [];
      items.push({ value: String(p.pocketId), label: `${p.name} (${p.currency})` });
      groups.set(p.currency, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [pockets]);
  return (
    <Select
      label="Pocket"
      placeholder="As the file says (its account or currency)"
      data={data}
      value={value === null ? null : String(value)}
      clearable
      searchable
      nothingFoundMessage="No such pocket"
      maw={420}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}

function accountName(a: ImportAccount): string {
  return a.account === ''
    ? `the file (${a.currency === '' ? 'no currency given' : a.currency})`
    : `account ${a.account}${a.currency === '' ? '' : ` (${a.currency})`}`;
}

/** Accounts of the file without a pocket, and fixpoints whose error the import changes. */
function Notices({ preview }: { preview: ImportPreview }) {
  const unplaced = preview.accounts.filter((a) => a.pocketId === null);
  const { affected, earliest } = preview.fixpoints;
  return (
    <>
      {unplaced.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Choose a pocket">
          No pocket fits {unplaced.map(accountName).join(', ')}: its rows can not be imported until you choose the
          pocket above.
        </Alert>
      )}
      {affected > 0 && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-fixpoints>
          This import changes the error of {count(affected, 'fixpoint')}
          {earliest === null ? '' : `, from ${instantDay(earliest)}`}
        </Alert>
      )}
      {preview.discardedPreviews !== undefined && preview.discardedPreviews.length > 0 && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-discarded-previews>
          To make room for this file, your oldest previews that were not imported were discarded:{' '}
          {preview.discardedPreviews.map((d) => d.fileName).join(', ')}. Nothing in your books changed.
        </Alert>
      )}
    </>
  );
}
