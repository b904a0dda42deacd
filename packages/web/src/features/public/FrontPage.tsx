import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowsExchange,
  IconChartPie,
  IconListDetails,
  IconPencilBolt,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { usePublicConfig } from '../../shared/global-data';
import { startSession } from '../../shared/session';
import { useDemoLogin } from './api';

const HIGHLIGHTS: { title: string; text: string; icon: Icon }[] = [
  {
    title: 'Analytics',
    text: 'Single period, cash flow, holdings and balance history in your main currency.',
    icon: IconChartPie,
  },
  { title: 'Pockets', text: 'Keep cash and bank money apart and check them against fixpoints.', icon: IconWallet },
  {
    title: 'Transactions',
    text: 'Income, expenses and conversions, filtered and summed exactly.',
    icon: IconListDetails,
  },
  { title: 'Lendings', text: 'Know who owes whom, in every currency.', icon: IconUsers },
  { title: 'Multi currency', text: 'Every amount converted at the rate of its own day.', icon: IconArrowsExchange },
  { title: 'Easy data entry', text: 'Type 12.5+3-1 and let Kassa do the sum.', icon: IconPencilBolt },
];

/** One click into demo books of the visitor's own (POST auth/demo-login; no published credentials). */
function DemoButton() {
  const navigate = useNavigate();
  const demo = usePublicConfig().data?.demo;
  const login = useDemoLogin({
    onSuccess: async (answer) => {
      startSession(answer.token, 'Logged in as demo user');
      // Straight to the demo's books: the private index would open an empty entry form.
      await navigate('/private/dashboard');
    },
  });
  if (demo === null || demo === undefined) return null;
  return (
    <Button size="md" onClick={() => login.mutate()} loading={login.isPending}>
      Try the demo!
    </Button>
  );
}

/** The public front page: what Kassa is, the demo, and six highlights. */
export function FrontPage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="md" mb={48} align="center" ta="center">
        <Title order={1}>Your money, in every currency, exactly.</Title>
        <Text c="dimmed" size="lg" maw={640}>
          Kassa is a self-hosted personal finance tracker for people whose money lives in more than one currency.
        </Text>
        <Group justify="center" gap="sm">
          <DemoButton />
          <Button size="md" variant="default" component={Link} to="/public/signup">
            Sign Up
          </Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {HIGHLIGHTS.map((h) => (
          <Card key={h.title} withBorder padding="lg" radius="md">
            <ThemeIcon size={40} radius="md" variant="light" mb="sm">
              <h.icon size={22} stroke={1.6} />
            </ThemeIcon>
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
