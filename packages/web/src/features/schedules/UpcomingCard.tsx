import { Anchor, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UpcomingItem } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useCategories } from '../../shared/global-data';
import { UPCOMING_DAYS, useUpcoming } from './api';
import { UpcomingRow } from './due/UpcomingRow';
import { useOccurrenceDialog } from './due/use-occurrence-dialog';
import { entryDetail, entryName } from './entry-text';
import { SCHEDULES_PATH } from '../../shared/schedule-prefill';

/** How many occurrences the card shows before "Show all". */
const SHOWN = 8;

/**
 * The dashboard's Upcoming card: what is due and what the next 30 days bring, each with the
 * projected available balance of its currencies after it; due items with Confirm, Skip and Edit.
 */
export function UpcomingCard() {
  const upcoming = useUpcoming().data;
  const categories = new Map((useCategories().data ?? []).map((c) => [c.id, c]));
  const [all, setAll] = useState(false);
  const items = upcoming?.items ?? [];
  const shown = all ? items : items.slice(0, SHOWN);
  const nameOf = (item: UpcomingItem) => entryName(item.payload, categories);
  const occurrence = useOccurrenceDialog(nameOf);
  const dueCount = items.filter((i) => i.due).length;

  return (
    <Card withBorder radius="md" data-testid="upcoming-card">
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <div>
          <Title order={3} size="h4">
            Upcoming
          </Title>
          <Text size="xs" c="dimmed">
            {dueCount > 0 ? `${dueCount} due, and the next ${UPCOMING_DAYS} days` : `The next ${UPCOMING_DAYS} days`}
          </Text>
        </div>
        <Anchor component={Link} to={SCHEDULES_PATH} size="sm" style={{ whiteSpace: 'nowrap' }}>
          All schedules
        </Anchor>
      </Group>
      {upcoming === undefined ? (
        <Skeleton h={48} />
      ) : (
        <Stack gap="sm">
          {upcoming.available.length > 0 && (
            <Text size="sm" data-figure="available-now">
              <Text span size="sm" c="dimmed">
                Available now:{' '}
              </Text>
              {upcoming.available.map((b) => formatMoney(b.amount, b.currency)).join(', ')}
            </Text>
          )}
          {items.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing scheduled for the next {UPCOMING_DAYS} days. Rent, salary, subscriptions:{' '}
              <Anchor component={Link} to={SCHEDULES_PATH} size="sm">
                add a schedule
              </Anchor>{' '}
              and they show here before they are due.
            </Text>
          ) : (
            shown.map((item, i) => (
              <Fragment key={`${item.scheduleId}-${item.occurrence}`}>
                {i > 0 && <Divider />}
                <UpcomingRow
                  item={item}
                  name={nameOf(item)}
                  detail={entryDetail(item.payload, categories)}
                  withBalances
                  onEdit={occurrence.edit}
                />
              </Fragment>
            ))
          )}
          {items.length > SHOWN && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setAll((a) => !a)}
              style={{ alignSelf: 'center' }}
            >
              {all ? 'Show fewer' : `Show all ${items.length}`}
            </Button>
          )}
        </Stack>
      )}
      {occurrence.dialog}
    </Card>
  );
}
