import type {
  ConfirmOccurrenceBody,
  PostedOccurrence,
  Schedule,
  ScheduleBody,
  SkipOccurrenceBody,
  Upcoming,
  UpcomingRequestBody,
} from '@kassa/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import { useRefreshLedger } from '../../shared/ledger-refresh';
import { queryKeys } from '../../shared/query-keys';

/** How far the dashboard and the Schedules screen look ahead. */
export const UPCOMING_DAYS = 30;

/** GET schedule/getall: every schedule with its next date and due count. */
export function useSchedules() {
  return useQuery({
    queryKey: queryKeys.scheduleList,
    queryFn: () => apiGet<Schedule[]>('schedule/getall'),
  });
}

/** POST schedule/upcoming: the due occurrences and those of the next `days`, with projected balances. */
export function useUpcoming(days = UPCOMING_DAYS) {
  return useQuery({
    queryKey: queryKeys.upcoming(days),
    queryFn: () => apiPost<Upcoming>('schedule/upcoming', { days } satisfies UpcomingRequestBody),
  });
}

/**
 * Schedule writes. Each refreshes the whole ledger: a schedule that posts itself may have posted
 * its past occurrences at once, and the upcoming balances change either way. Add and update are
 * silent: the form shows a refusal under its field and reports any other failure itself.
 */
export function useScheduleMutations() {
  const refresh = useRefreshLedger();
  return {
    add: useMutation({
      mutationFn: (s: ScheduleBody) => apiPost<Schedule>('schedule/add', s),
      onSuccess: () => refresh(),
      meta: { silent: true },
    }),
    update: useMutation({
      mutationFn: (s: ScheduleBody & { id: number }) => apiPost<Schedule>('schedule/update', s),
      onSuccess: () => refresh(),
      meta: { silent: true },
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest<undefined>('DELETE', `schedule/delete/${id}`),
      onSuccess: () => refresh(),
    }),
  };
}

/**
 * Confirm and skip of one occurrence. Both are silent (the one-click buttons report a failure
 * themselves, the edit dialog shows it under its field) and reload whatever happened: a 409 means
 * the occurrence was posted or skipped meanwhile (the daily job, another tab), which a reload shows.
 * A confirm writes a transaction or conversion, so every balance refreshes; a skip changes only
 * the schedules. The refresh is not awaited: the occurrence leaves the list with it, and the
 * caller's own success callback (its toast) must not wait for, nor be lost with, its button.
 */
export function useOccurrenceActions() {
  const refresh = useRefreshLedger();
  const queryClient = useQueryClient();
  return {
    confirm: useMutation({
      mutationFn: ({ id, body }: { id: number; body: ConfirmOccurrenceBody }) =>
        apiPost<PostedOccurrence>(`schedule/confirm/${id}`, body),
      onSettled: () => {
        void refresh();
      },
      meta: { silent: true },
    }),
    skip: useMutation({
      mutationFn: ({ id, occurrence }: { id: number; occurrence: string }) =>
        apiPost<undefined>(`schedule/skip/${id}`, { occurrence } satisfies SkipOccurrenceBody),
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.schedules });
      },
      meta: { silent: true },
    }),
  };
}
