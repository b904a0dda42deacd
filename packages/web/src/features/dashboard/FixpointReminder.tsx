import { Alert, Anchor, Text } from '@mantine/core';
import { formatDate } from '../../lib/display-format';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_LAST_FIXPOINT, useLastFixpoint } from '../../shared/last-fixpoint';
import { fixpointIsStale } from './fixpoint-age';

/** The warning that the last fixpoint is more than 30 days old, with a link to add one. */
export function FixpointReminder() {
  const last = useLastFixpoint();
  const lastTime =
    last.data === undefined ? undefined : last.data === null ? DEFAULT_LAST_FIXPOINT : new Date(last.data.time);
  if (lastTime === undefined || !fixpointIsStale(lastTime, new Date())) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Your last fixpoint is more than 30 days old">
      <Text size="sm">
        {/* The date already ends with a dot (yyyy.mm.dd.), which closes the sentence. */}
        The last one was set on {formatDate(lastTime)}{' '}
        <Anchor component={Link} to="/private/operations/fixpoint" c="inherit" fw={600}>
          Add a fixpoint
        </Anchor>{' '}
        to check your pockets against what Kassa calculates.
      </Text>
    </Alert>
  );
}
