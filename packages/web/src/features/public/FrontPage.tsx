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
import { useT } from './i18n';

/** The six highlights, by their key in the public texts (`front.highlights.<key>`). */
const HIGHLIGHTS: {
  key: 'analytics' | 'pockets' | 'transactions' | 'lendings' | 'currencies' | 'entry';
  icon: Icon;
}[] = [
  { key: 'analytics', icon: IconChartPie },
  { key: 'pockets', icon: IconWallet },
  { key: 'transactions', icon: IconListDetails },
  { key: 'lendings', icon: IconUsers },
  { key: 'currencies', icon: IconArrowsExchange },
  { key: 'entry', icon: IconPencilBolt },
];

/** One click into demo books of the visitor's own (POST auth/demo-login; no published credentials). */
function DemoButton() {
  const { t } = useT();
  const navigate = useNavigate();
  const demo = usePublicConfig().data?.demo;
  const login = useDemoLogin({
    onSuccess: async (answer) => {
      startSession(answer.token, t('front.loggedInDemo'));
      // Straight to the demo's books: the private index would open an empty entry form.
      await navigate('/private/dashboard');
    },
  });
  if (demo === null || demo === undefined) return null;
  return (
    <Button size="md" onClick={() => login.mutate()} loading={login.isPending}>
      {t('front.demo')}
    </Button>
  );
}

/** The public front page: what Kassa is, the demo, and six highlights. */
export function FrontPage() {
  const { t } = useT();
  return (
    <Container size="lg" py="xl">
      <Stack gap="md" mb={48} align="center" ta="center">
        <Title order={1}>{t('front.title')}</Title>
        <Text c="dimmed" size="lg" maw={640}>
          {t('front.intro')}
        </Text>
        <Group justify="center" gap="sm">
          <DemoButton />
          <Button size="md" variant="default" component={Link} to="/public/signup">
            {t('front.signUp')}
          </Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {HIGHLIGHTS.map((h) => (
          <Card key={h.key} withBorder padding="lg" radius="md">
            <ThemeIcon size={40} radius="md" variant="light" mb="sm">
              <h.icon size={22} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} size="h4" mb="xs">
              {t(`front.highlights.${h.key}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`front.highlights.${h.key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
