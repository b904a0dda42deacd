import { Anchor, Card, Container, Group, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/**
 * An unknown private path (issue 22): says so, instead of silently opening the entry form, and
 * offers the two likeliest ways on.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          Page not found
        </Title>
        <Text mb="md" style={{ overflowWrap: 'anywhere' }}>
          There is no page at {pathname}.
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/private/dashboard">
            Go to the dashboard
          </Anchor>
          <Anchor component={Link} to="/private/add-transaction">
            Add a transaction
          </Anchor>
        </Group>
      </Card>
    </Container>
  );
}
