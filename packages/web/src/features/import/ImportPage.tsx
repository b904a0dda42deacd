import { Alert, Container, Stack } from '@mantine/core';
import type { Category, ImportRow } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useCategories } from '../../shared/global-data';
import { RuleEditorModal } from '../manage';
import { useImportBatches, usePockets, usePreviewUpload, type PreviewPhase } from './api';
import { BankFileCard } from './BankFileCard';
import { categoryOf, scheduleCount, tally, type Choices } from './choices';
import { FirstReadSettings } from './FirstReadSettings';
import { HistoryPanel } from './HistoryPanel';
import { ImportActions } from './ImportActions';
import { ImportNotices } from './ImportNotices';
import { ImportSummary } from './ImportSummary';
import { unplacedCurrencies } from './pocket-offer';
import { PocketOffers } from './PocketOffer';
import { PreviewProgress } from './ProgressLines';
import { RowsPanel } from './RowsPanel';
import { optionsFromFirstRead } from './settings';
import { SettingsPanel } from './SettingsPanel';
import { planText } from './texts';
import { useImportChoices } from './use-import-choices';
import { useCommitRows, useImportFile } from './use-import-file';

/** Below this width the rows are cards. */
const COMPACT_QUERY = '(max-width: 767.98px)';

const NO_CATEGORIES: readonly Category[] = [];

/**
 * private/import: a bank file in four steps on one screen. Pick the pocket and the file, which is
 * read at once (preview); check the settings the server detected, each change reading it again;
 * go through the rows (category, skip, import a duplicate anyway, not a pair, not the scheduled
 * entry it would confirm); import, and see what was done. Earlier imports can be undone below.
 */
export function ImportPage() {
  const compact = useMediaQuery(COMPACT_QUERY);
  const { pocketList, pockets, categories } = useImportLists();
  const upload = usePreviewUpload();
  /** The last preview answered, for its settings; its rows stand only while `upload.current`. */
  const preview = upload.preview;
  const rowsPreview = upload.current ? preview : undefined;
  const picks = useImportChoices(preview, rowsPreview);
  const { choices, fates } = picks;
  const session = useImportFile(upload, pocketList, picks);
  const { file, pocketId, onPocket } = session;
  const commit = useCommitRows(rowsPreview, picks, session.fixpoint, session.committed);
  const rule = useRuleFromRow();
  const plan = tally(fates);
  const busy = upload.phase.kind !== 'idle';
  const status = <PreviewStatus phase={upload.phase} file={file} error={upload.error} />;

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        {session.result !== null && file !== null ? (
          <ImportSummary fileName={file.name} result={session.result} onAnother={session.reset} />
        ) : (
          <>
            <BankFileCard
              pockets={pocketList}
              pocketId={pocketId}
              onPocket={onPocket}
              file={file}
              onFile={session.onFile}
            >
              {/* Until a read of this file works, what happens shows here; then below its settings. */}
              {preview === undefined && status}
            </BankFileCard>
            {file !== null && preview === undefined && upload.error !== undefined && (
              <FirstReadSettings
                key={`${file.name}:${file.size}:${file.lastModified}`}
                onRead={(settings) => session.start(file, optionsFromFirstRead(settings, pocketId))}
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
                  <SettingsPanel preview={preview} onChange={session.onSetting} compact={compact} />
                  {status}
                  {rowsPreview !== undefined && (
                    <>
                      <ImportNotices preview={rowsPreview} />
                      <RowsPanel
                        key={rowsPreview.batchId}
                        preview={rowsPreview}
                        choices={choices}
                        fates={fates}
                        onChoice={picks.onChoice}
                        pockets={pockets}
                        categories={categories}
                        compact={compact}
                        onRule={rule.open}
                        spread={picks.spread}
                      />
                      <ImportActions
                        compact={compact}
                        plan={planText(plan, scheduleCount(rowsPreview.rows, choices, fates))}
                        writes={plan.import}
                        fixpoint={session.fixpoint}
                        onFixpoint={session.setFixpoint}
                        onCancel={session.reset}
                        blocked={busy}
                        {...commit}
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
      <RowRuleEditor rule={rule} choices={choices} onSaved={session.onRuleSaved} />
    </Container>
  );
}

/** The pockets (as listed, and by id) and the categories; the import history is prefetched. */
function useImportLists() {
  const pocketList = usePockets().data;
  const categories = useCategories().data ?? NO_CATEGORIES;
  const pockets = useMemo(() => new Map((pocketList ?? []).map((p) => [p.pocketId, p])), [pocketList]);
  // Prefetched, so the list is there when the first import is done.
  useImportBatches();
  return { pocketList, pockets, categories };
}

/** "Create a rule from this row": the row, and whether its rule editor is open. */
function useRuleFromRow() {
  const [row, setRow] = useState<ImportRow | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((r: ImportRow) => {
    setRow(r);
    setOpened(true);
  }, []);
  return { row, opened, open, close: () => setOpened(false) };
}

/** The rule editor of "Create a rule from this row", once a row asked for it. */
function RowRuleEditor({
  rule,
  choices,
  onSaved,
}: {
  rule: ReturnType<typeof useRuleFromRow>;
  choices: Choices;
  onSaved: () => void;
}) {
  if (rule.row === null) return null;
  return (
    <RuleEditorModal
      opened={rule.opened}
      onClose={rule.close}
      initial={ruleStart(rule.row, choices)}
      onSaved={onSaved}
    />
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
