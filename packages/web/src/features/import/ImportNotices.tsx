import { Alert } from '@mantine/core';
import type { ImportAccount, ImportPreview } from '@kassa/contract';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { count, instantDay } from './texts';

function accountName(a: ImportAccount): string {
  return a.account === ''
    ? `the file (${a.currency === '' ? 'no currency given' : a.currency})`
    : `account ${a.account}${a.currency === '' ? '' : ` (${a.currency})`}`;
}

/** Accounts of the file without a pocket, and fixpoints whose error the import changes. */
export function ImportNotices({ preview }: { preview: ImportPreview }) {
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
