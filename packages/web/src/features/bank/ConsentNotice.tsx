import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCanWrite } from '../../shared/books';
import { useBankConnections } from './api';
import { consentNoticeText, needsReconnect, PROVIDER_LABEL } from './texts';

/**
 * The dashboard's notice (issue 35): a bank consent lapses within the warning days or has lapsed;
 * Reconnect opens the bank screen with that connection's reconnect form. Nothing when all is well,
 * when the list cannot be read, or for a viewer of a shared book (who may not reconnect).
 */
export function ConsentNotice() {
  const connections = useBankConnections({ silent: true }).data ?? [];
  const canWrite = useCanWrite();
  const due = connections.filter(needsReconnect);
  if (due.length === 0 || !canWrite) return null;
  const expired = due.some((c) => c.status === 'expired');
  return (
    <Alert
      color={expired ? 'red' : 'yellow'}
      icon={<IconAlertTriangle size={18} />}
      title={
        due.length === 1 ? 'A bank connection needs your consent again' : 'Bank connections need your consent again'
      }
      data-bank-consent
    >
      <Stack gap="xs">
        {due.map((c) => (
          <Group key={c.connectionId} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 14rem' }}>
              <Text span inherit fw={600}>
                {c.name}
              </Text>{' '}
              ({PROVIDER_LABEL[c.provider]}): {consentNoticeText(c)}.
            </Text>
            <Button
              component={Link}
              to={`/private/manage/bank?reconnect=${c.connectionId}`}
              size="xs"
              aria-label={`Reconnect ${c.name}`}
            >
              Reconnect
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
