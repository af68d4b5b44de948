import { describe, expect, it } from 'vitest';
import { previewOf, RECURRENCE_MESSAGES, recurrenceErrors, recurrenceOf, ruleOf } from './recurrence';

const START = '2099-12-01T18:00'; // a Tuesday
// ICU versions differ on the comma after the weekday ("Tue, 1 Dec" or "Tue 1 Dec").
const plain = (texts: string[] | undefined) => texts?.map((text) => text.replace(/^(\w{3}),/, '$1'));

describe('recurrence rules', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3;COUNT=10',
    'FREQ=WEEKLY;BYDAY=TU',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;UNTIL=20991231T235959Z',
    'FREQ=MONTHLY;COUNT=6',
  ])('reads %s into the fields and writes the same rule back', (rule) => {
    const draft = recurrenceOf(rule, START);
    expect(draft.frequency).not.toBe('custom');
    expect(recurrenceErrors(draft, START)).toEqual({});
    expect(ruleOf(draft)).toBe(rule);
  });

  it('keeps a rule the fields cannot show as text, unchanged', () => {
    for (const rule of [
      'FREQ=MONTHLY;BYDAY=2TU;COUNT=3',
      'FREQ=YEARLY',
      'FREQ=WEEKLY;COUNT=3;UNTIL=20991231T235959Z',
      'FREQ=DAILY;UNTIL=20991231',
    ]) {
      const draft = recurrenceOf(rule, START);
      expect(draft.frequency).toBe('custom');
      expect(ruleOf(draft)).toBe(rule);
    }
  });

  it('gives a weekly rule without days the weekday of the start', () => {
    expect(ruleOf(recurrenceOf('FREQ=WEEKLY;COUNT=2', START))).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=2');
  });

  it('refuses bad values with a message for each field', () => {
    const weekly = recurrenceOf('FREQ=WEEKLY;BYDAY=TU', START);
    expect(recurrenceErrors({ ...weekly, interval: 0, weekdays: [] }, START)).toEqual({
      interval: RECURRENCE_MESSAGES.interval,
      weekdays: RECURRENCE_MESSAGES.weekdays,
    });
    expect(recurrenceErrors({ ...weekly, ends: 'count', count: 501 }, START)).toEqual({
      count: RECURRENCE_MESSAGES.count,
    });
    expect(recurrenceErrors({ ...weekly, ends: 'until', until: '2099-11-30' }, START)).toEqual({
      until: RECURRENCE_MESSAGES.untilBeforeStart,
    });
    for (const raw of [
      'FREQ=SOMETIMES',
      'COUNT=3',
      'DTSTART:20990101T000000Z\nFREQ=DAILY',
      'FREQ=DAILY;BYDAY=XX',
    ])
      expect(recurrenceErrors({ ...weekly, frequency: 'custom', raw }, START)).toEqual({
        raw: RECURRENCE_MESSAGES.raw,
      });
  });

  it('previews sessions on the event’s wall clock across a change of daylight saving time', () => {
    const preview = previewOf('FREQ=WEEKLY;BYDAY=SU;COUNT=3', '2099-03-22T18:00', 'Europe/Paris', {
      now: new Date('2099-01-01T00:00:00Z'),
    });
    // Europe/Paris moves to summer time on the last Sunday of March (29 March 2099).
    expect(plain(preview?.next)).toEqual([
      'Sun 22 Mar 2099, 18:00',
      'Sun 29 Mar 2099, 18:00',
      'Sun 5 Apr 2099, 18:00',
    ]);
    expect(preview).toMatchObject({ total: 3, endless: false });
  });

  it('previews only the sessions still to come, and says when a rule has no end', () => {
    const preview = previewOf('FREQ=DAILY', START, 'Europe/Paris', {
      now: new Date('2099-12-10T12:00:00Z'),
      max: 2,
    });
    expect(plain(preview?.next)).toEqual(['Thu 10 Dec 2099, 18:00', 'Fri 11 Dec 2099, 18:00']);
    expect(preview).toMatchObject({ total: null, endless: true });
    expect(previewOf('FREQ=NEVER', START, 'Europe/Paris')).toBeNull();
  });
});
