import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';

const HIGHLIGHTS: { title: string; text: string }[] = [
  { title: 'Analytics', text: 'Single period, cash flow, holdings and balance history in your main currency.' },
  { title: 'Pockets', text: 'Keep cash and bank money apart and check them against fixpoints.' },
  { title: 'Transactions', text: 'Income, expenses and conversions, filtered and summed exactly.' },
  { title: 'Lendings', text: 'Know who owes whom, in every currency.' },
  { title: 'Multi currency', text: 'Every amount converted at the rate of its own day.' },
  { title: 'Easy data entry', text: 'Type 12.5+3-1 and let Kassa do the sum.' },
];

/** The public front page: what Kassa is, in six highlights. */
export function FrontPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="xl" ta="center">
        <Title order={1}>Your money, in every currency, exactly.</Title>
        <Text c="dimmed" size="lg">
          Kassa is a self-hosted personal finance tracker.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {HIGHLIGHTS.map((h) => (
          <Card key={h.title} withBorder padding="lg" radius="md">
            <Title order={3} size="h4" mb="xs">
              {h.title}
            </Title>
            <Text size="sm" c="dimmed">
              {h.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
