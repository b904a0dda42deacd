import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PocketGroup } from '@kassa/contract';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSupportedCurrencies } from '../../../shared/global-data';
import { notifySuccess } from '../../../lib/notify';
import { formatMoney } from '../../../lib/display-format';
import { useAvailableToday, usePocketGroups, usePocketMutations } from '../api';
import { useT } from '../i18n';
import { useScrollIntoViewWhenOpen } from '../scroll';
import { draftPocket, draftsValid, NewPocketList, type DraftPocket } from './NewPocketList';
import { PocketCard } from './PocketCard';

/** manage/pocket: 'All your pockets', grouped by currency, each group with its add-pocket action. */
export function PocketTab() {
  const { t } = useT();
  const groups = usePocketGroups();
  const available = new Map((useAvailableToday().data ?? []).map((h) => [h.currency, h.amount]));
  const names = new Map((useSupportedCurrencies().data ?? []).map((c) => [c.code, c.name]));
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('pocket.title')}
      </Title>
      {groups.data === undefined
        ? groups.isPending && <Loader size="sm" role="status" aria-label={t('loading')} />
        : groups.data.map((g) => (
            <PocketGroupCard
              key={g.currency}
              group={g}
              currencyName={names.get(g.currency)}
              availableToday={available.get(g.currency)}
            />
          ))}
    </Stack>
  );
}

function PocketGroupCard({
  group,
  currencyName,
  availableToday,
}: {
  group: PocketGroup;
  currencyName: string | undefined;
  /** The currency's available balance today: the pockets show theirs at the last fixpoint. */
  availableToday: number | undefined;
}) {
  const { t } = useT();
  const [drafts, setDrafts] = useState<DraftPocket[] | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useScrollIntoViewWhenOpen(drafts !== null, panel);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-currency={group.currency}
      aria-label={t('pocket.group', { currency: group.currency })}
      component="section"
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <div>
          <Title order={3} size="h5">
            {group.currency}
          </Title>
          {currencyName !== undefined && (
            <Text size="xs" c="dimmed">
              {currencyName}
            </Text>
          )}
          {availableToday !== undefined && (
            <Text size="sm" mt={2} data-available-today>
              {t('pocket.availableToday')}{' '}
              <Text span inherit fw={700} c={availableToday < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(availableToday, group.currency)}
              </Text>
            </Text>
          )}
        </div>
        {drafts === null && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setDrafts([draftPocket()])}
            aria-label={t('pocket.addIn', { currency: group.currency })}
          >
            {t('pocket.add')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {group.items.map((p) => (
          <PocketCard key={p.pocketId} pocket={p} />
        ))}
      </SimpleGrid>
      {drafts !== null && (
        <div ref={panel}>
          <NewPockets currency={group.currency} drafts={drafts} onChange={setDrafts} onClose={() => setDrafts(null)} />
        </div>
      )}
    </Card>
  );
}

/** New pockets of one currency (fixed to the group), saved together with pocket/addmany. */
function NewPockets(props: {
  currency: string;
  drafts: DraftPocket[];
  onChange: (d: DraftPocket[]) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const { addMany } = usePocketMutations();
  const [tried, setTried] = useState(false);
  const save = () => {
    setTried(true);
    if (props.drafts.length === 0 || !draftsValid(props.drafts)) return;
    addMany.mutate(
      props.drafts.map((d) => ({ name: d.name.trim(), currency: props.currency, isCash: d.isCash })),
      {
        onSuccess: () => {
          notifySuccess(t('pocket.saved'));
          props.onClose();
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="xs" mt="md">
        <Text size="sm" fw={500}>
          {t('pocket.newIn', { currency: props.currency })}
        </Text>
        <NewPocketList pockets={props.drafts} onChange={props.onChange} showErrors={tried} />
        <Group justify="flex-end" gap="sm">
          <Button size="xs" variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button size="xs" type="submit" loading={addMany.isPending} disabled={props.drafts.length === 0}>
            {t('pocket.saveAll')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
