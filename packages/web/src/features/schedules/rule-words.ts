import type { Schedule } from '@kassa/contract';
import { rrulestr } from 'rrule';
import { dateText } from './entry-text';
import { readRule, repetitionWords } from './schedule-rule';

/**
 * A schedule's repetition in words: the plain terms the form offers in Kassa's own words (rrule's
 * toText knows no BYSETPOS, so it would call the last working day "every month on weekdays"),
 * any other rule through rrule's toText, and the raw rule when even that fails. Ends with the
 * schedule's last day, if any. This module is what loads rrule: only the Schedules screen uses it.
 */
export function ruleWords(s: Pick<Schedule, 'rule' | 'end'>): string {
  const plain = repetitionWords(readRule(s.rule));
  const words = plain ?? libraryWords(s.rule);
  return s.end === null ? words : `${words}, until ${dateText(s.end)}`;
}

function libraryWords(rule: string): string {
  try {
    const text = rrulestr(rule.trim().toUpperCase()).toText();
    return text.charAt(0).toUpperCase() + text.slice(1);
  } catch {
    return rule;
  }
}
