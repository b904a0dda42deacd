import { useState } from 'react';
import { quickRange, toApiInterval } from '../../components/interval';
import { RateProvenance } from '../../components/RateProvenance';
import { utcDay, valuationCaption } from '../../shared/rate-provenance';
import { useProvenanceOn, useProvenanceOver } from '../../shared/rates-used';

// Where the dashboard's converted figures come from (issue 21), loaded after the figures: the
// lines are a footnote, and their code (the rates used, their sources and warnings in five
// languages) kept the dashboard's first load over its budget (issue 36).

/** Today's rates, under the balances. */
export function BalancesProvenance() {
  const today = useProvenanceOn(utcDay(new Date()));
  return today == null ? null : (
    <RateProvenance name="dashboard-balances" caption={today.caption} lines={today.lines} warning={today.warning} />
  );
}

/** Each day's rate of this month, under the cash flow. */
export function CashflowProvenance() {
  const [month] = useState(() => toApiInterval(quickRange('MTD')));
  const monthRates = useProvenanceOver(utcDay(month.start), utcDay(month.end));
  return monthRates == null ? null : (
    <RateProvenance
      name="dashboard-cashflow"
      caption={valuationCaption(undefined, monthRates)}
      lines={monthRates.lines}
      warning={monthRates.warning}
    />
  );
}
