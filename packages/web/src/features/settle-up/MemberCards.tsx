import type { SettleUpMember } from '@kassa/contract';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import { balanceWords, currencyLines } from './figures';
import { useT } from './i18n';

/** One figure of a card: its name and amount, side by side. */
function Figure({ label, amount, currency }: { label: string; amount: number; currency: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount, currency)}
      </Text>
    </Group>
  );
}

/**
 * A member's card: their balance in words in the main currency, what they paid, their share and
 * what they settled, and under them, smaller, the same per currency of the expenses.
 */
function MemberCard({ member, currency, me }: { member: SettleUpMember; currency: string; me: boolean }) {
  const { t } = useT();
  const balance = balanceWords(member.main.balance, currency);
  const lines = currencyLines(member);
  const onlyMain = lines.length === 1 && lines[0]?.currency === currency;
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={member.name} data-member={member.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {member.name}
            {me && (
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                {t('member.you')}
              </Text>
            )}
          </Title>
          {!member.isMember && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t('member.former')}
            </Badge>
          )}
        </Group>
        <Text fw={700} size="lg" c={balance.color} data-balance>
          {balance.text}
        </Text>
        <Figure label={t('member.paid')} amount={member.main.paid} currency={currency} />
        <Figure label={t('member.share')} amount={member.main.share} currency={currency} />
        {member.main.settled !== 0 && (
          <Figure label={t('member.settled')} amount={member.main.settled} currency={currency} />
        )}
        {lines.length > 0 && !onlyMain && (
          <Stack gap={2} mt={4} data-currency-lines>
            {lines.map((l) => (
              <Text key={l.currency} size="xs" c="dimmed">
                {t(l.settled !== 0 ? 'member.lineSettled' : 'member.line', {
                  currency: l.currency,
                  paid: formatMoney(l.paid, l.currency),
                  share: formatMoney(l.share, l.currency),
                  settled: formatMoney(l.settled, l.currency),
                  balance: formatMoney(l.balance, l.currency),
                })}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Every member's card, the signed-in user's marked. */
export function MemberCards({
  members,
  currency,
  me,
}: {
  members: readonly SettleUpMember[];
  currency: string;
  me: number | undefined;
}) {
  const { t } = useT();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      component="ul"
      aria-label={t('member.list')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {members.map((m) => (
        <MemberCard key={m.userId} member={m} currency={currency} me={m.userId === me} />
      ))}
    </SimpleGrid>
  );
}
