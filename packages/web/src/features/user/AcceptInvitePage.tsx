import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { chosenBook } from '../../lib/book';
import { notifySuccess } from '../../lib/notify';
import { bookName } from '../../shared/books';
import { logOut, switchBook } from '../../shared/session';
import { useAcceptInvite } from './api';
import { t as text, useT } from './i18n';

/** What to do after a refusal, by its status: the server's message says what went wrong. */
function adviceFor(err: unknown): string {
  if (!(err instanceof ApiError)) return text('accept.retry');
  if (err.status === 404) return text('accept.askAgain');
  if (err.status === 403) return text('accept.otherAddress');
  if (err.status === 409) return text('accept.switch');
  return text('accept.retry');
}

/**
 * private/book/accept/{token} (issue 34): the invitation mail's link. It accepts at once for the
 * signed-in user (the login guard brings someone signed out back here), switches to the book
 * joined and goes to the dashboard; a used, expired or withdrawn link, or one for another
 * address, is explained with what to do next.
 */
export function AcceptInvitePage() {
  const { t } = useT();
  const token = useParams()['token'] ?? '';
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const { mutate } = accept;
  // One request per link, however often the page is made (useAcceptInvite joins one in flight).
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);

  const joined = accept.data;
  useEffect(() => {
    if (joined === undefined) return;
    // The switch makes the page anew (every screen is, for another book), and the new page
    // hears the same answer: it only goes on to the dashboard.
    if (chosenBook() !== joined.bookId) {
      switchBook(joined.bookId, bookName(joined));
      notifySuccess(
        text(joined.role === 'editor' ? 'accept.joinedEditor' : 'accept.joinedViewer', { name: bookName(joined) }),
      );
    }
    void navigate('/private/dashboard', { replace: true });
  }, [joined, navigate]);

  const failed = accept.isError;
  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('accept.title')}
          </Title>
          {!failed && (
            <Group gap="sm">
              <Loader size="sm" role="status" aria-label={t('accept.accepting')} />
              <Text>{t('accept.acceptingText')}</Text>
            </Group>
          )}
          {failed && (
            <Alert color="red" title={t('accept.failed')} role="alert">
              <Stack gap="xs">
                <Text size="sm">{accept.error.message}</Text>
                <Text size="sm">{adviceFor(accept.error)}</Text>
              </Stack>
            </Alert>
          )}
          {failed && (
            <Group>
              <Button component={Link} to="/private/dashboard" variant="default">
                {t('accept.dashboard')}
              </Button>
              {accept.error instanceof ApiError && accept.error.status === 403 && (
                <Button variant="light" onClick={logOut}>
                  {t('accept.logOut')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
