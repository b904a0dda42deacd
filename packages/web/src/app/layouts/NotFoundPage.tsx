import { Anchor, Card, Container, Group, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useT } from '../../i18n';

/**
 * An unknown private path (issue 22): says so, instead of silently opening the entry form, and
 * offers the two likeliest ways on.
 */
export function NotFoundPage() {
  const { t } = useT();
  const { pathname } = useLocation();
  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          {t('notFound.title')}
        </Title>
        <Text mb="md" style={{ overflowWrap: 'anywhere' }}>
          {t('notFound.text', { path: pathname })}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/private/dashboard">
            {t('notFound.dashboard')}
          </Anchor>
          <Anchor component={Link} to="/private/add-transaction">
            {t('notFound.addTransaction')}
          </Anchor>
        </Group>
      </Card>
    </Container>
  );
}
