import { Alert, Anchor, Button, Card, Container, Tabs, Text } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import { Link, useNavigate, useParams } from 'react-router';
import { bookName, useCanWrite, useCurrentBook } from '../../shared/books';
import { useUserCurrencies } from '../../shared/global-data';
import { notifySuccess, TOAST_ROOM_PX } from '../../lib/notify';
import { isQueued, notifyQueued } from '../../shared/outbox';
import { ConversionForm } from './ConversionForm';
import { KIND_RULES, TRANSACTION_KINDS, type TransactionKind } from './kinds';
import { useConversionWrites, useTransactionWrites } from './api';
import { TransactionForm } from './TransactionForm';
import { t as text, useT } from './i18n';

const TABS = ['expense', 'income', 'conversion', 'loan', 'business', 'external'] as const;
type Tab = (typeof TABS)[number];
const isTab = (s: string): s is Tab => (TABS as readonly string[]).includes(s);

/** private/add-transaction/{kind}: the last path segment decides the kind; expense by default. */
export function AddTransactionPage() {
  const { t } = useT();
  const segment = useParams()['*'] ?? '';
  const tab: Tab = isTab(segment) ? segment : 'expense';
  const navigate = useNavigate();
  const addTransaction = useTransactionWrites().add;
  const addConversion = useConversionWrites().add;
  const currencyCount = useUserCurrencies().data?.length ?? 0;
  const canWrite = useCanWrite();
  const book = useCurrentBook().current;

  // A viewer of a shared book (issue 34) reads only: no form to fill in vain.
  if (!canWrite)
    return (
      <Container size="sm" px={0}>
        <Alert color="blue" title={t('add.viewerTitle')}>
          {t('add.viewerText', { book: book === undefined ? t('add.thisBook') : bookName(book) })}
        </Alert>
      </Container>
    );

  const saveButton = (
    <Button type="submit" loading={addTransaction.isPending || addConversion.isPending}>
      {t('add.save')}
    </Button>
  );

  return (
    <Container size="sm" px={0} mb={TOAST_ROOM_PX}>
      <Card withBorder radius="md" padding="md">
        <Tabs
          value={tab}
          onChange={(v) => v !== null && void navigate(`/private/add-transaction/${v}`)}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {tab === 'conversion' ? t('kinds.conversion') : KIND_RULES[tab].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TRANSACTION_KINDS.map((kind: TransactionKind) => (
            <Tabs.Panel key={kind} value={kind}>
              <TransactionForm
                key={kind}
                kind={kind}
                resetAfterSave
                onSubmit={async (payload) => {
                  const saved = await addTransaction.mutateAsync(payload).catch(() => undefined);
                  if (saved === undefined) return false;
                  if (isQueued(saved)) notifyQueued(saved);
                  else notifySuccess(text('add.added', { amount: formatMoney(saved.amount, saved.currency) }));
                  return true;
                }}
                actions={saveButton}
              />
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="conversion">
            {currencyCount > 1 ? (
              <ConversionForm
                resetAfterSave
                onSubmit={async (payload) => {
                  const saved = await addConversion.mutateAsync(payload).catch(() => undefined);
                  if (saved === undefined) return false;
                  if (isQueued(saved)) notifyQueued(saved);
                  else notifySuccess(text('add.conversionAdded'));
                  return true;
                }}
                actions={saveButton}
              />
            ) : (
              <Text>
                <Anchor component={Link} to="/private/manage/currency">
                  {t('add.enableConversion')}
                </Anchor>
              </Text>
            )}
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Container>
  );
}
