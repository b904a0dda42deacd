import { RateProvenance } from '../../components/RateProvenance';
import { toApiInterval, type DayInterval } from '../../components/interval';
import { utcDay, valuationCaption } from '../../shared/rate-provenance';
import { useProvenanceOn, useProvenanceOver } from '../../shared/rates-used';
import { toLocalDateValue } from '../../lib/local-time';
import type { ReportViewState } from './report-view';

/**
 * How a report's converted totals are valued (issue 21): each flow at its own day's rate, or all
 * at the rates of the valuation date, into the report's currency; and the rates that uses, each
 * with its day and source (POST exrate/used over the interval, or over the valuation day).
 */
export function ValuationNote({
  interval,
  view,
  name,
}: {
  interval: DayInterval;
  view: ReportViewState;
  name: string;
}) {
  // The same day the request's valuation names (report-view.ts).
  const oneDate = view.valuationDay === undefined ? undefined : toLocalDateValue(view.valuationDay);
  const api = toApiInterval(interval);
  const eachDay = useProvenanceOver(
    oneDate === undefined ? utcDay(api.start) : undefined,
    oneDate === undefined ? utcDay(api.end) : undefined,
    view.currency,
  );
  const onDate = useProvenanceOn(oneDate, view.currency);
  const provenance = oneDate === undefined ? eachDay : onDate;
  if (provenance == null) return null;
  return (
    <RateProvenance
      name={name}
      caption={valuationCaption(oneDate, provenance)}
      lines={provenance.lines}
      warning={provenance.warning}
    />
  );
}
