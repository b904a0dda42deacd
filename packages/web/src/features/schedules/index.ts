import { lazy } from 'react';

// What other features may use of Schedules.

/**
 * manage/schedules: due occurrences and every schedule, with the schedule dialog. Loaded on first
 * opening (wrap it in Suspense): it brings the form and the rrule library.
 */
export const SchedulesTab = lazy(async () => ({ default: (await import('./SchedulesTab')).SchedulesTab }));

/**
 * The dashboard's Upcoming card: due and next 30 days' occurrences with projected balances. The
 * dashboard loads this index after the page (as the budgets card), keeping its first load small.
 */
export { UpcomingCard } from './UpcomingCard';
