import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import { useState, type SyntheticEvent } from 'react';
import { AmountInput } from '../../components/AmountInput';
import { readAmount } from '../../components/amount-value';
import { CurrencyPicker } from '../../components/CurrencyPicker';
import { toLocalDateValue } from '../../lib/local-time';
import { notifySuccess } from '../../lib/notify';
import type { BookPerson } from '../../shared/books';
import { useAddSettlement } from './api';
import { settlementInstant } from './figures';
import { t as texts, useT } from './i18n';

/** One end of a settlement: a member of the book. */
function MemberPicker({
  options,
  ...props
}: {
  label: string;
  options: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return <Select required allowDeselect={false} data={options} {...props} />;
}

/**
 * Records money one member gave another (POST settlement/add): from, to, amount in any of the
 * book's currencies, the day and a note. From starts with me, To with the next person; after a
 * save the amount and note are emptied.
 */
export function SettlementForm({
  people,
  me,
  codes,
  mainCurrency,
}: {
  /** The book's members now (settlements name members only). */
  people: readonly BookPerson[];
  me: number | undefined;
  /** The book's currencies, most recently used first. */
  codes: readonly string[];
  mainCurrency: string;
}) {
  const { t } = useT();
  const add = useAddSettlement();
  const firstFrom = people.some((p) => p.userId === me) ? me : people[0]?.userId;
  const [from, setFrom] = useState<string | null>(firstFrom === undefined ? null : String(firstFrom));
  const [to, setTo] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<string | null>(null);
  const [date, setDate] = useState(() => toLocalDateValue(new Date()));
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const code = currency ?? (codes.includes(mainCurrency) ? mainCurrency : (codes[0] ?? null));
  const toValue = to ?? people.find((p) => String(p.userId) !== from)?.userId.toString() ?? null;
  const options = people.map((p) => ({ value: String(p.userId), label: p.name }));

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readAmount(amount, code);
    const time = settlementInstant(date);
    if (from === null || toValue === null || from === toValue) return setProblem(t('form.twoMembers'));
    if (code === null || read.state !== 'ok') return;
    if (time === undefined) return setProblem(t('form.day'));
    setProblem(null);
    add.mutate(
      {
        fromUserId: Number(from),
        toUserId: Number(toValue),
        amount: read.text,
        currency: code,
        time: time.toISOString(),
        description: note,
      },
      {
        onSuccess: (saved) => {
          notifySuccess(texts('form.recorded', { amount: formatMoney(saved.amount, saved.currency) }));
          setAmount('');
          setNote('');
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} aria-label={t('form.title')}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('form.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('form.text')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <MemberPicker label={t('form.from')} options={options} value={from} onChange={setFrom} />
            <MemberPicker label={t('form.to')} options={options} value={toValue} onChange={setTo} />
            <AmountInput required value={amount} onChange={setAmount} currency={code} />
            <CurrencyPicker required value={code} onChange={setCurrency} codes={codes} />
            <TextInput
              type="date"
              label={t('form.date')}
              required
              max={toLocalDateValue(new Date())}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
            />
            <TextInput
              label={t('form.note')}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </SimpleGrid>
          {problem !== null && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
