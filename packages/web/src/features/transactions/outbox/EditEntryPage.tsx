import { Button, Group } from '@mantine/core';
import type { ConversionBody, TransactionBody } from '@kassa/contract';
import { useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { resendEntry, useOutboxEntries, useOutboxLoaded } from '../../../shared/outbox';
import { ConversionForm } from '../ConversionForm';
import { EditorFrame } from '../EditorFrame';
import { kindOf } from '../kinds';
import { TransactionForm } from '../TransactionForm';
import { asConversion, asTransaction } from './as-row';
import { DECISIONS_PATH } from './OutboxStatus';
import { OUTBOX_UI } from './texts';
import { useCategoryMap } from './use-category-map';

/**
 * private/transactions/decisions/{key}: a refused entry in its form, prefilled as it was sent
 * (issue 36). Save keeps the new fields in the outbox as a new request (a new Idempotency-Key),
 * sent at once when online; the entry keeps its place among the person's changes.
 */
export function EditEntryPage() {
  const key = useParams()['key'] ?? '';
  const entry = useOutboxEntries().find((e) => e.key === key && e.state === 'refused');
  // Opened directly, the page waits for the outbox to be read before it gives up on the entry.
  const loaded = useOutboxLoaded();
  const categories = useCategoryMap();
  const navigate = useNavigate();
  const back = () => void navigate(DECISIONS_PATH);
  const save = async (fields: TransactionBody | ConversionBody) => {
    if (entry === undefined) return false;
    // An edit's body keeps the row and the version it was made on.
    const named = entry.body as { id?: number; version?: number };
    await resendEntry(key, {
      body: { ...fields, ...(named.id === undefined ? {} : { id: named.id, version: named.version }) },
    });
    notifySuccess(OUTBOX_UI.resent);
    back();
    return true;
  };
  const actions = (
    <>
      <Button variant="default" onClick={back}>
        {OUTBOX_UI.cancel}
      </Button>
      <Button type="submit">{OUTBOX_UI.save}</Button>
    </>
  );
  const transaction = entry?.kind.startsWith('transaction') === true;
  return (
    <EditorFrame
      title={OUTBOX_UI.editTitle}
      loading={!loaded}
      failed={loaded && entry === undefined}
      onFailed={back}
      beforeFix={false}
    >
      {entry !== undefined && transaction && (
        <TransactionForm
          kind={kindOf(asTransaction(entry.body as TransactionBody, categories))}
          initial={asTransaction(entry.body as TransactionBody, categories)}
          onSubmit={save}
          actions={<Group gap="xs">{actions}</Group>}
        />
      )}
      {entry !== undefined && !transaction && (
        <ConversionForm initial={asConversion(entry.body as ConversionBody)} onSubmit={save} actions={actions} />
      )}
    </EditorFrame>
  );
}
