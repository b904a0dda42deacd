import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../../lib/api';

/**
 * A report that could not be made, said where it would have been: the server's message, e.g. a
 * currency without any exchange rate ("No exchange rate is known for XYZ"), which is never shown
 * as a rate of 1.
 */
export function QueryFailure({ title, error }: { title: string; error: unknown }) {
  const missingRate = error instanceof ApiError && error.body?.type === 'missing_rate';
  const message = error instanceof Error ? error.message : 'The report could not be loaded.';
  return (
    <Alert color="red" role="alert" title={title} icon={<IconAlertTriangle size={18} />}>
      {message}
      {missingRate && ': its amounts cannot be valued in your main currency, so this report cannot be made.'}
    </Alert>
  );
}
