import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ImportCommitResult } from '@kassa/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { resultLines } from './texts';

/** What the commit did, with the way on to the transactions, the dashboard or another file. */
export function ImportSummary({
  fileName,
  result,
  onAnother,
}: {
  fileName: string;
  result: ImportCommitResult;
  onAnother: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="import-summary-title">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={26} color="var(--mantine-color-teal-7)" aria-hidden />
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id="import-summary-title">
              Import finished
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {fileName}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" role="list" aria-label="Import result">
          {resultLines(result).map((line) => (
            <div key={line.key} role="listitem" data-result={line.key}>
              <Text size="xs" c="dimmed">
                {line.label}
              </Text>
              <Text fz="xl" fw={700}>
                {line.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {result.importedSincePreview > 0 && (
          <Text size="sm" role="status">
            {result.importedSincePreview === 1
              ? '1 row was imported by another import since this preview, so it was not written again.'
              : `${result.importedSincePreview} rows were imported by another import since this preview, so they were not written again.`}
          </Text>
        )}
        <Text size="sm">
          The rows are in your books now. A mistake? Undo the whole import under Earlier imports below.
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/private/transactions">
            Show transactions
          </Button>
          <Button component={Link} to="/private/dashboard" variant="default">
            Dashboard
          </Button>
          {result.fixpointId !== null && (
            <Button component={Link} to="/private/manage/fixpoint" variant="default">
              Fixpoints
            </Button>
          )}
          <Button variant="subtle" onClick={onAnother}>
            Import another file
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
