import type { ValuationInput } from '@kassa/contract';
import { toLocalDateValue } from '../../lib/local-time';

/**
 * How the category reports value their flows (issue 21): each at its own day's rate (the
 * default), or all at the rates of one date; and the currency they are shown in (the main one
 * when undefined).
 */
export interface ReportViewState {
  /** undefined: each flow at its own day's rate; a day: all at that day's rates. */
  valuationDay?: Date | undefined;
  currency?: string | undefined;
}

/** The view's fields of a report request: none for the default view, so its cache key stays as before. */
export function viewBody(view: ReportViewState | undefined): { valuation?: ValuationInput; currency?: string } {
  if (view === undefined) return {};
  return {
    ...(view.valuationDay === undefined ? {} : { valuation: { date: toLocalDateValue(view.valuationDay) } }),
    ...(view.currency === undefined ? {} : { currency: view.currency }),
  };
}
