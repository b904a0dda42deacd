import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatTime } from '../../../lib/display-format';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useGoBack } from '../../../lib/use-go-back';
import { useFixpoint } from '../api';
import { useT } from '../i18n';
import { ErrorLine } from './ErrorReview';
import { PocketStatesCard } from './PocketStatesCard';
import { draftOf, useFixpointChanges, type Draft } from './use-fixpoint-changes';

/** private/edit-fixpoint/{id}: a fixpoint's pocket states, viewed or edited (spec §2, §4). */
export function EditFixpointPage() {
  const { t } = useT();
  const id = Number(useParams()['id']);
  const { detail, states } = useFixpoint(id);
  const goBack = useGoBack('/private/transactions');
  const { save, remove, saving, deleting } = useFixpointChanges(id, goBack);
  const [draft, setDraft] = useState<Draft | undefined>();
  const editing = draft !== undefined;

  // Spec §8: loading an item for editing fails -> navigate back (once: twice would leave the app).
  const failed = detail.isError || states.isError || !Number.isInteger(id) || id <= 0;
  const left = useRef(false);
  useEffect(() => {
    if (!failed || left.current) return;
    left.current = true;
    goBack();
  }, [failed, goBack]);

  const fixpoint = detail.data;
  const groups = states.data;
  if (fixpoint === undefined || groups === undefined) {
    return (
      <Container size="sm" px={0}>
        <Card withBorder radius="md" padding="md">
          <Loader size="sm" role="status" aria-label={t('loading')} />
        </Card>
      </Container>
    );
  }
  const time = new Date(fixpoint.time);

  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {t('edit.setOn')}
            </Text>
            <Title order={2} size="h4">
              {formatDate(time)} {formatTime(time)}
            </Title>
          </div>
          {editing && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              {t('edit.careful')}
            </Alert>
          )}
          {groups.map((group) => (
            <PocketStatesCard key={group.currency} group={group} draft={draft} setDraft={setDraft} />
          ))}
          {!editing && fixpoint.errors.length > 0 && (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('edit.errorsNow')}
              </Text>
              {fixpoint.errors.map((line) => (
                <ErrorLine key={line.currency} line={line} />
              ))}
            </Stack>
          )}
          <Group justify="flex-end" gap="xs">
            {editing ? (
              <>
                <Button color="red" variant="light" onClick={() => void remove()} loading={deleting}>
                  {t('edit.delete')}
                </Button>
                <Button variant="default" onClick={goBack}>
                  {t('edit.cancel')}
                </Button>
                <Button onClick={() => void save(groups, draft)} loading={saving}>
                  {t('edit.save')}
                </Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={goBack}>
                  {t('edit.back')}
                </Button>
                <Button onClick={() => setDraft(draftOf(groups))}>{t('edit.edit')}</Button>
              </>
            )}
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
