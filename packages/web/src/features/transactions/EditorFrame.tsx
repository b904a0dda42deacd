import { Alert, Card, Container, Loader, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { TOAST_ROOM_PX } from '../../lib/notify';
import { useT } from './i18n';

interface Props {
  title: string;
  loading: boolean;
  /** Loading failed: spec §8 says navigate back. */
  failed: boolean;
  onFailed: () => void;
  /** Spec §2: editing items from before the last fixpoint shows a warning. */
  beforeFix: boolean;
  children: ReactNode;
}

/** The frame of the transaction and conversion editors: loading, failure and the before-fixpoint warning. */
export function EditorFrame({ title, loading, failed, onFailed, beforeFix, children }: Props) {
  const { t } = useT();
  const left = useRef(false);
  useEffect(() => {
    if (!failed || left.current) return;
    left.current = true; // once: going back twice would leave the app
    onFailed();
  }, [failed, onFailed]);
  return (
    <Container size="sm" px={0} mb={TOAST_ROOM_PX}>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="md">
          {title}
        </Title>
        {beforeFix && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="md">
            {t('editor.beforeFix')}
          </Alert>
        )}
        {loading ? <Loader size="sm" role="status" aria-label={t('editor.loading')} /> : children}
      </Card>
    </Container>
  );
}
