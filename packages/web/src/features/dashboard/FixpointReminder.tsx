import { Alert, Anchor, Text } from '@mantine/core';
import { Trans } from '../../i18n/Trans';
import { formatDate } from '../../lib/display-format';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_LAST_FIXPOINT, useLastFixpoint } from '../../shared/last-fixpoint';
import { fixpointIsStale } from './fixpoint-age';
import { useT } from './i18n';

/** The warning that the last fixpoint is more than 30 days old, with a link to add one. */
export function FixpointReminder() {
  const { t } = useT();
  const last = useLastFixpoint();
  const lastTime =
    last.data === undefined ? undefined : last.data === null ? DEFAULT_LAST_FIXPOINT : new Date(last.data.time);
  if (lastTime === undefined || !fixpointIsStale(lastTime, new Date())) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('fixpoint.title')}>
      <Text size="sm">
        {/* In English the date already ends with a dot (yyyy.mm.dd.), which closes the sentence. */}
        <Trans
          t={t}
          i18nKey="fixpoint.text"
          values={{ date: formatDate(lastTime) }}
          components={{ a: <Anchor component={Link} to="/private/operations/fixpoint" c="inherit" fw={600} /> }}
        />
      </Text>
    </Alert>
  );
}
