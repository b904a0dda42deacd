import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useChosenBook } from '../../../lib/book';
import { useDecisions } from '../../../shared/outbox';
import { DecisionCard } from './DecisionCard';
import { OUTBOX_UI } from './texts';

/**
 * private/transactions/decisions (issue 36): the changes made offline that the server did not take
 * as they were, oldest first, each waiting for the person to decide; the header's badge leads here.
 */
export function DecisionsPage() {
  const decisions = useDecisions();
  const book = useChosenBook();
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Title order={2}>{OUTBOX_UI.decisions}</Title>
        {decisions.length === 0 ? (
          <Card withBorder radius="md">
            <Text>{OUTBOX_UI.noDecisions}</Text>
          </Card>
        ) : (
          <>
            <Text c="dimmed">{OUTBOX_UI.decisionsIntro}</Text>
            {decisions.map((entry) => (
              <DecisionCard key={entry.key} entry={entry} otherBook={entry.bookId !== book} />
            ))}
          </>
        )}
        <Anchor component={Link} to="/private/transactions" size="sm">
          {OUTBOX_UI.backToList}
        </Anchor>
      </Stack>
    </Container>
  );
}
