import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../../lib/api';
import { useT } from './i18n';

/**
 * A report that could not be made, said where it would have been: the server's message, e.g. a
 * currency without any exchange rate ("No exchange rate is known for XYZ"), which is never shown
 * as a rate of 1.
 */
export function QueryFailure({ title, error }: { title: string; error: unknown }) {
  const { t } = useT();
  const missingRate = error instanceof ApiError && error.body?.type === 'missing_rate';
  const message = error instanceof Error ? error.message : t('failure.fallback');
  return (
    <Alert color="red" role="alert" title={title} icon={<IconAlertTriangle size={18} />}>
      {message}
      {missingRate && t('failure.missingRate')}
    </Alert>
  );
}
