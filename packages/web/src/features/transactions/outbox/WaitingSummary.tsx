import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoneyMinor } from '../../../lib/display-format';
import { useWaitingEntries, waitingSums } from '../../../shared/outbox';
import { OUTBOX_UI } from './texts';
import { useCategoryMap } from './use-category-map';

/**
 * The dashboard's line on the entries of this book kept on this device (issue 36): how many, and
 * what the new ones add per currency, in their own currencies and apart from the server's
 * figures, which count them only once they arrive.
 */
export function WaitingSummary() {
  const entries = useWaitingEntries();
  const categories = useCategoryMap();
  if (entries.length === 0) return null;
  const sums = waitingSums(entries, (id) => categories.get(id)?.isIncome ?? undefined).filter((s) => s.minor !== 0n);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="waiting-summary">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCloudUpload size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{OUTBOX_UI.waitingCount(entries.length)}</Text>
            {sums.map((s) => (
              <Text key={s.currency} c={s.minor < 0n ? 'red' : 'teal'} style={{ whiteSpace: 'nowrap' }}>
                {formatMoneyMinor(s.minor, s.currency)}
              </Text>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {OUTBOX_UI.notInFigures}{' '}
            <Anchor component={Link} to="/private/transactions" size="xs">
              {OUTBOX_UI.seeThem}
            </Anchor>
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
