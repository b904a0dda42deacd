import { ActionIcon, Button, Group, Indicator, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useToken } from '../../../lib/token';
import { outboxTokenChanged, startOutbox, useDecisions, useOutboxEntries } from '../../../shared/outbox';
import { OUTBOX_UI } from './texts';

/** Where the decisions are listed. */
export const DECISIONS_PATH = '/private/transactions/decisions';

/**
 * The header's word on the outbox (issue 36), shown only when there is one to say: how many
 * entries wait to be sent (to the list, where they show), and how many need a decision (to
 * their list). Mounted with the private shell, it starts the sender, and tells it of a new sign-in.
 */
export function OutboxStatus({ compact = false }: { compact?: boolean }) {
  const client = useQueryClient();
  const token = useToken();
  useEffect(() => startOutbox(client), [client]);
  useEffect(() => {
    if (token !== null) outboxTokenChanged();
  }, [token]);
  const entries = useOutboxEntries();
  const waiting = entries.filter((e) => e.state === 'waiting').length;
  const decisions = useDecisions().length;
  if (waiting === 0 && decisions === 0) return null;
  const waitingLabel = OUTBOX_UI.waitingCount(waiting);
  const decisionsLabel = OUTBOX_UI.decisionsCount(decisions);
  return (
    <Group gap={6} wrap="nowrap">
      {waiting > 0 && (
        <Tooltip label={waitingLabel}>
          <Indicator label={waiting} size={16} color="gray.7" offset={4}>
            <ActionIcon
              component={Link}
              to="/private/transactions"
              variant="light"
              color="gray"
              size="lg"
              aria-label={waitingLabel}
            >
              <IconCloudUpload size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      )}
      {decisions > 0 &&
        // On a phone an icon with the count, as the header's other actions, so the title keeps its room.
        (compact ? (
          <Indicator label={decisions} size={16} color="orange.9" offset={4}>
            <ActionIcon
              component={Link}
              to={DECISIONS_PATH}
              color="orange"
              variant="filled"
              size="lg"
              aria-label={decisionsLabel}
              title={decisionsLabel}
            >
              <IconAlertTriangle size={20} />
            </ActionIcon>
          </Indicator>
        ) : (
          <Button
            component={Link}
            to={DECISIONS_PATH}
            color="orange"
            variant="filled"
            size="compact-sm"
            leftSection={<IconAlertTriangle size={16} />}
            aria-label={decisionsLabel}
            title={decisionsLabel}
          >
            {`${OUTBOX_UI.decisions} (${decisions})`}
          </Button>
        ))}
    </Group>
  );
}
