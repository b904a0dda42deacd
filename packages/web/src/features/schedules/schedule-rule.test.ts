import { describe, expect, it } from 'vitest';
import { ordinal, readRule, repetitionWords, ruleOf, weekdayOf, type Repetition } from './schedule-rule';
import { ruleWords } from './rule-words';

describe('plain terms to RRULE', () => {
  it('writes a monthly day, ending short months on their last day from the 29th', () => {
    expect(ruleOf({ kind: 'monthly-day', day: 1 })).toBe('FREQ=MONTHLY;BYMONTHDAY=1');
    expect(ruleOf({ kind: 'monthly-day', day: 28 })).toBe('FREQ=MONTHLY;BYMONTHDAY=28');
    expect(ruleOf({ kind: 'monthly-day', day: 29 })).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1');
    expect(ruleOf({ kind: 'monthly-day', day: 30 })).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1');
    expect(ruleOf({ kind: 'monthly-day', day: 31 })).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
  });

  it('writes the month ends, weeks and years', () => {
    expect(ruleOf({ kind: 'month-end' })).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(ruleOf({ kind: 'last-working-day' })).toBe('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
    expect(ruleOf({ kind: 'weekly', every: 1, weekday: 'FR' })).toBe('FREQ=WEEKLY;BYDAY=FR');
    expect(ruleOf({ kind: 'weekly', every: 2, weekday: 'MO' })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO');
    expect(ruleOf({ kind: 'yearly', month: 3, day: 15 })).toBe('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15');
    // 29 February falls on the 28th in other years.
    expect(ruleOf({ kind: 'yearly', month: 2, day: 29 })).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1');
  });

  it('adds COUNT for "after n times" and keeps a custom rule as typed', () => {
    expect(ruleOf({ kind: 'monthly-day', day: 5 }, 12)).toBe('FREQ=MONTHLY;BYMONTHDAY=5;COUNT=12');
    expect(ruleOf({ kind: 'custom', rule: ' RRULE:FREQ=DAILY;INTERVAL=3 ' })).toBe('FREQ=DAILY;INTERVAL=3');
  });
});

describe('RRULE back to plain terms', () => {
  const plain: Repetition[] = [
    { kind: 'monthly-day', day: 1 },
    { kind: 'monthly-day', day: 15 },
    { kind: 'monthly-day', day: 28 },
    { kind: 'monthly-day', day: 29 },
    { kind: 'monthly-day', day: 30 },
    { kind: 'month-end' },
    { kind: 'last-working-day' },
    { kind: 'weekly', every: 1, weekday: 'SU' },
    { kind: 'weekly', every: 3, weekday: 'WE' },
    { kind: 'yearly', month: 12, day: 31 },
    { kind: 'yearly', month: 2, day: 29 },
  ];

  it('reads every rule the form writes, with and without COUNT', () => {
    for (const repetition of plain) {
      expect(readRule(ruleOf(repetition))).toEqual({ repetition, count: null });
      expect(readRule(ruleOf(repetition, 7))).toEqual({ repetition, count: 7 });
    }
    // Day 31 is written as the month's last day, and read back as such.
    expect(readRule(ruleOf({ kind: 'monthly-day', day: 31 })).repetition).toEqual({ kind: 'month-end' });
  });

  it('reads the same rules written another way: prefix, case, order, INTERVAL=1, WKST=MO', () => {
    expect(readRule('RRULE:bymonthday=5;freq=monthly').repetition).toEqual({ kind: 'monthly-day', day: 5 });
    expect(readRule('FREQ=MONTHLY;INTERVAL=1;BYSETPOS=-1;BYDAY=FR,TH,WE,TU,MO').repetition).toEqual({
      kind: 'last-working-day',
    });
    expect(readRule('FREQ=WEEKLY;WKST=MO;BYDAY=TU').repetition).toEqual({ kind: 'weekly', every: 1, weekday: 'TU' });
    expect(readRule('FREQ=MONTHLY;BYMONTHDAY=31,30,29,28;BYSETPOS=-1').repetition).toEqual({
      kind: 'monthly-day',
      day: 31,
    });
    expect(readRule('COUNT=3;FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=1')).toEqual({
      repetition: { kind: 'yearly', month: 1, day: 1 },
      count: 3,
    });
  });

  it('keeps anything else as the raw rule, still editable', () => {
    const raw = [
      'FREQ=DAILY',
      'FREQ=MONTHLY;BYMONTHDAY=30', // skips February: not "the 30th or the last day"
      'FREQ=MONTHLY;BYMONTHDAY=28,30;BYSETPOS=-1',
      'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1',
      'FREQ=WEEKLY;BYDAY=MO,TH',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH;BYSETPOS=-1',
      'FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31',
      'FREQ=MONTHLY;BYMONTHDAY=5;UNTIL=20271231T000000Z',
      'FREQ=MONTHLY;BYMONTHDAY=5;COUNT=0',
      'FREQ=MONTHLY;FREQ=MONTHLY',
      'not a rule',
    ];
    for (const rule of raw) expect(readRule(rule)).toEqual({ repetition: { kind: 'custom', rule }, count: null });
    expect(readRule('RRULE:FREQ=DAILY').repetition).toEqual({ kind: 'custom', rule: 'FREQ=DAILY' });
  });
});

describe('rules in words', () => {
  it('says the plain terms in Kassa’s words', () => {
    const words = (rule: string) => repetitionWords(readRule(rule));
    expect(words('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Every month on the 1st');
    expect(words('FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1;COUNT=12')).toBe(
      'Every month on the 30th (or its last day), 12 times',
    );
    expect(words('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=1')).toBe('Every month on its last day, once');
    expect(words('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')).toBe('Every month on its last working day');
    expect(words('FREQ=WEEKLY;INTERVAL=2;BYDAY=FR')).toBe('Every 2 weeks on Friday');
    expect(words('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15')).toBe('Every year on 15 March');
    expect(words('FREQ=DAILY')).toBeNull();
  });

  it('puts other rules into words with rrule, and shows a rule it cannot read as it is', () => {
    expect(ruleWords({ rule: 'FREQ=DAILY;INTERVAL=3', end: null })).toBe('Every 3 days');
    expect(ruleWords({ rule: 'FREQ=MONTHLY;BYMONTHDAY=5', end: '2027-06-30' })).toBe(
      'Every month on the 5th, until 2027.06.30.',
    );
    expect(ruleWords({ rule: 'gibberish', end: null })).toBe('gibberish');
  });

  it('names ordinals and weekdays', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
    expect(weekdayOf('2026-11-26')).toBe('TH');
    expect(weekdayOf('2026-11-29')).toBe('SU');
  });
});
