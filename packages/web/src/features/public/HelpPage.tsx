import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useT } from './help-i18n';
import { HELP_TOPICS, HelpBody, HelpOverview, isHelpTopic, type HelpTopic } from './help-topics';

/** The topics as links, the open one marked; wraps on a phone. */
function TopicLinks({ current }: { current: HelpTopic | undefined }) {
  const { t } = useT();
  return (
    <Group component="nav" aria-label={t('topics')} gap="xs">
      <Button
        component={Link}
        to="/public/help"
        size="compact-md"
        variant={current === undefined ? 'light' : 'subtle'}
        aria-current={current === undefined ? 'page' : undefined}
      >
        {t('overviewLink')}
      </Button>
      {HELP_TOPICS.map((topic) => (
        <Button
          key={topic}
          component={Link}
          to={`/public/help/${topic}`}
          size="compact-md"
          variant={current === topic ? 'light' : 'subtle'}
          aria-current={current === topic ? 'page' : undefined}
        >
          {t(`topic.${topic}.title`)}
        </Button>
      ))}
    </Group>
  );
}

/** The start of Help: how Kassa counts, then a card per topic. */
function Overview() {
  const { t } = useT();
  return (
    <Stack gap="md">
      <div>
        <HelpOverview />
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {HELP_TOPICS.map((topic) => (
          <Card key={topic} withBorder radius="md" padding="md">
            <Anchor component={Link} to={`/public/help/${topic}`} fw={700} size="lg">
              {t(`topic.${topic}.title`)}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`topic.${topic}.summary`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** One topic's screen, with the next topic at its foot. */
function TopicScreen({ topic }: { topic: HelpTopic }) {
  const { t } = useT();
  const next = HELP_TOPICS[HELP_TOPICS.indexOf(topic) + 1];
  return (
    <article aria-labelledby="help-topic-title">
      <Title order={2} size="h3" id="help-topic-title" mb="sm">
        {t(`topic.${topic}.title`)}
      </Title>
      <HelpBody topic={topic} />
      <Group justify="space-between" mt="lg">
        <Anchor component={Link} to="/public/help" size="sm">
          {t('allTopics')}
        </Anchor>
        {next !== undefined && (
          <Anchor component={Link} to={`/public/help/${next}`} size="sm">
            {t('next', { title: t(`topic.${next}.title`) })}
          </Anchor>
        )}
      </Group>
    </article>
  );
}

/**
 * public/help and public/help/{topic} (issue 32; the spec had it say help is coming soon): how
 * Kassa counts, then a short screen each for pockets, fixpoints, conversions and import.
 */
export function HelpPage() {
  const { t } = useT();
  const segment = useParams()['*'] ?? '';
  if (segment !== '' && !isHelpTopic(segment)) return <Navigate to="/public/help" replace />;
  const topic = segment === '' ? undefined : segment;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <TopicLinks current={topic} />
        {topic === undefined ? <Overview /> : <TopicScreen topic={topic} />}
      </Stack>
    </Container>
  );
}
