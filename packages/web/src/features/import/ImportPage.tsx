import { Alert, Button, Card, Checkbox, Container, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
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
import { useCallback, useMemo, useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { useCategories } from '../../shared/global-data';
import { RuleEditorModal } from '../manage';
import { useCommitImport, useImportBatches, usePockets, usePreviewUpload, type PreviewPhase } from './api';
import { categoryOf, commitBody, fatesOf, scheduleCount, tally, type Choices, type RowChoice } from './choices';
import { FileDrop, sizeText } from './FileDrop';
import { HistoryPanel } from './HistoryPanel';
import { ImportSummary } from './ImportSummary';
import { RowsPanel } from './RowsPanel';
import { MAX_FILE_BYTES, optionsAfter, optionsForPocket, type SettingChange } from './settings';
import { SettingsPanel } from './SettingsPanel';
import { closingText, count, instantDay, planText } from './texts';

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

/** Merges a change into a row's choices; a field set to undefined goes back to the preview's proposal. */
function merged(map: Choices, line: number, change: RowChoice): Choices {
  const next = new Map(map);
  const entry = Object.fromEntries(
    Object.entries({ ...map.get(line), ...change } as Record<string, unknown>).filter(([, v]) => v !== undefined),
  ) as RowChoice;
  if (Object.keys(entry).length === 0) next.delete(line);
  else next.set(line, entry);
  return next;
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

  const preview = upload.preview;
  const [choiceState, setChoiceState] = useState<ChoiceState>({ batchId: null, map: NO_CHOICES, carry: false });
  // A new preview starts without choices, unless it only refreshed the same rows (after a new rule).
  if (preview !== undefined && choiceState.batchId !== preview.batchId) {
    setChoiceState({ batchId: preview.batchId, map: choiceState.carry ? choiceState.map : NO_CHOICES, carry: false });
  }
  const choices = preview !== undefined && choiceState.batchId === preview.batchId ? choiceState.map : NO_CHOICES;
  const fates = useMemo(() => fatesOf(preview?.rows ?? [], choices), [preview, choices]);

  const onChoice = useCallback(
    (line: number, change: RowChoice) => setChoiceState((s) => ({ ...s, map: merged(s.map, line, change) })),
    [],
  );
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
    if (options !== null) upload.request(file, options, SETTINGS_DELAY_MS);
  };

  const onRuleSaved = () => {
    // The rule may fit other rows too: read the file again, keeping the choices made so far.
    if (file === null || preview === undefined) return;
    setChoiceState((s) => ({ ...s, carry: true }));
    upload.request(file, optionsForPocket(preview, pocketId));
  };

  const reset = () => {
    upload.reset();
    setFile(null);
    setResult(null);
    setFixpoint(false);
    setChoiceState({ batchId: null, map: NO_CHOICES, carry: false });
  };

  const closing = preview?.accounts.filter((a) => a.closingBalance !== undefined) ?? [];
  const onCommit = () => {
    if (preview === undefined) return;
    commit.mutate(
      { batchId: preview.batchId, body: commitBody(preview.rows, choices, fixpoint && closing.length > 0) },
      {
        onSuccess: (r) => {
          upload.committed();
          setResult(r);
          notifySuccess(`Import finished: ${count(r.imported, 'row')} imported`);
        },
      },
    );
  };

  const busy = upload.phase.kind !== 'idle';

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
                <PreviewProgress phase={upload.phase} file={file} />
                {upload.error !== undefined && (
                  <Alert
                    color="red"
                    role="alert"
                    icon={<IconAlertTriangle size={18} />}
                    title="The file could not be read"
                  >
                    {upload.error}
                  </Alert>
                )}
              </Stack>
            </Card>
            {preview !== undefined && file !== null && (
              <div aria-busy={busy} style={{ opacity: busy ? 0.75 : undefined, transition: 'opacity 150ms' }}>
                <Stack gap="md">
                  <SettingsPanel preview={preview} onChange={onSetting} compact={compact} />
                  <Notices preview={preview} />
                  <RowsPanel
                    key={preview.batchId}
                    preview={preview}
                    choices={choices}
                    fates={fates}
                    onChoice={onChoice}
                    pockets={pockets}
                    categories={categories}
                    compact={compact}
                    onRule={onRule}
                  />
                  <Card withBorder radius="md" padding="md" component="section" aria-label="Import">
                    <Stack gap="sm">
                      {closing.length > 0 && (
                        <Checkbox
                          checked={fixpoint}
                          onChange={(e) => setFixpoint(e.currentTarget.checked)}
                          label={`Save the statement’s closing balance (${closing
                            .map((a) => closingText(a, closing.length > 1))
                            .join('; ')}) as a fixpoint`}
                          description="The fixpoint’s error then shows at once where the statement and your books disagree."
                        />
                      )}
                      <Text size="sm" data-plan>
                        {planText(tally(fates), scheduleCount(preview.rows, choices, fates))}
                      </Text>
                      <Group gap="sm">
                        {/* After a failed re-read the rows shown are not what the settings say: no import then. */}
                        <Button
                          onClick={onCommit}
                          loading={commit.isPending}
                          disabled={busy || upload.error !== undefined}
                        >
                          Import
                        </Button>
                        <Button variant="default" onClick={reset} disabled={commit.isPending}>
                          Cancel
                        </Button>
                      </Group>
                      {commit.isPending && (
                        <Progress.Root size="sm">
                          <Progress.Section
                            value={100}
                            animated
                            withAria={false}
                            role="progressbar"
                            aria-label="Importing"
                          />
                        </Progress.Root>
                      )}
                    </Stack>
                  </Card>
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

/** Sending the file (how much went out), then reading it (no measure: the server says nothing until done). */
function PreviewProgress({ phase, file }: { phase: PreviewPhase; file: File | null }) {
  if (phase.kind === 'idle') return null;
  const uploading = phase.kind === 'uploading';
  const percent = uploading ? Math.round(phase.percent) : 100;
  return (
    <Stack gap={4} role="status">
      <Text size="sm">
        {uploading
          ? `Sending ${file?.name ?? 'the file'}… ${percent} %`
          : `Reading ${file === null ? 'the file' : `${file.name} (${sizeText(file.size)})`}…`}
      </Text>
      <Progress.Root size="md">
        {uploading ? (
          <Progress.Section value={percent} aria-label="Sending the file" />
        ) : (
          <Progress.Section value={100} animated withAria={false} role="progressbar" aria-label="Reading the file" />
        )}
      </Progress.Root>
    </Stack>
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
