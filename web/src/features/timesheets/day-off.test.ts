import type { DayOff } from '@contract/timesheets';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en/timesheets.json';
import { dayOffLabel } from './day-off';

/** The English messages, filled in as i18next would: enough to read the labels a person sees. */
const t = ((key: string, values: Record<string, string> = {}) => {
  const path = key.replace(/^timesheets:/, '').split('.');
  let message: unknown = en;
  for (const part of path) message = (message as Record<string, unknown>)[part];
  return String(message).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}) as unknown as TFunction;

const holiday = (name: string, company: boolean, fraction = 1): DayOff => ({
  kind: 'holiday',
  name,
  company,
  color: null,
  fraction,
  seconds: 0,
  paid: false,
  compensation: false,
  creditSeconds: 0,
});

describe('a day off on the timesheet', () => {
  it('names a company day as one, and a public holiday as one', () => {
    expect(dayOffLabel(holiday('Christmas Eve', true, 0.5), t)).toBe('Company day: Christmas Eve (half day)');
    expect(dayOffLabel(holiday('Founders Day', true), t)).toBe('Company day: Founders Day');
    expect(dayOffLabel(holiday('Christmas Day', false), t)).toBe('Public holiday: Christmas Day');
    expect(dayOffLabel(holiday('Reformation Day', false, 0.5), t)).toBe(
      'Public holiday: Reformation Day (half day)',
    );
  });
});
