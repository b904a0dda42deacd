import { Button } from '@mantine/core';
import type { Conversion, Transaction } from '@kassa/contract';
import { IconRepeat } from '@tabler/icons-react';
import { Link } from 'react-router';
import { newScheduleLink, prefillFrom } from '../../shared/schedule-prefill';
import { useT } from './i18n';

/**
 * "Make this a schedule" on a transaction's or conversion's editor: the Schedules screen with the
 * new-schedule form prefilled from the stored entry (its day as the start).
 */
export function MakeScheduleButton({ from }: { from: Transaction | Conversion }) {
  const { t } = useT();
  return (
    <Button
      component={Link}
      to={newScheduleLink(prefillFrom(from))}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconRepeat size={14} stroke={1.75} />}
    >
      {t('editor.makeSchedule')}
    </Button>
  );
}
