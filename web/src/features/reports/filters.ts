import { TIME_GROUPS, type TimeGroupBy } from '@contract/reports';
import { formatNumber } from '@/lib/format';

/**
 * The reports' filters as they live in the URL (docs/decisions/012-reports.md). A preset is kept by
 * name, so a bookmarked "last week" is always last week; a custom range keeps its dates.
 */
export const PRESETS = ['this-week', 'last-week', 'this-month', 'last-month', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
export const REPORTS = ['time', 'grid', 'attendance', 'overtime', 'absences', 'tasks', 'billable'] as const;
export type ReportName = (typeof REPORTS)[number];

export type UrlFilters = {
  report: ReportName;
  preset: Preset;
  from: string;
  to: string;
  userId?: string;
  teamId?: string;
  projectId?: string;
  groupBy: TimeGroupBy;
};

/** The API query of a report about people (attendance, overtime, absences): range, user and team. */
export const peopleQuery = (f: UrlFilters) => ({
  from: f.from,
  to: f.to,
  userId: f.userId,
  teamId: f.teamId,
});
/** The API query of a report about work (time, grid, tasks): the people's filters and the project. */
export const workQuery = (f: UrlFilters) => ({ ...peopleQuery(f), projectId: f.projectId });

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const shift = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const monday = (day: string) => shift(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const monthEnd = (first: string) => {
  const d = new Date(`${first}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/** The preset's range around `today` ('YYYY-MM-DD' in the viewer's zone); weeks start on Monday. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  switch (preset) {
    case 'this-week':
      return { from: monday(today), to: shift(monday(today), 6) };
    case 'last-week':
      return { from: shift(monday(today), -7), to: shift(monday(today), -1) };
    case 'this-month': {
      const first = `${today.slice(0, 7)}-01`;
      return { from: first, to: monthEnd(first) };
    }
    case 'last-month': {
      const first = `${shift(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
      return { from: first, to: monthEnd(first) };
    }
  }
}

export function readFilters(params: URLSearchParams, today: string): UrlFilters {
  const report = (REPORTS as readonly string[]).includes(params.get('report') ?? '')
    ? (params.get('report') as ReportName)
    : 'time';
  const groupBy = (TIME_GROUPS as readonly string[]).includes(params.get('groupBy') ?? '')
    ? (params.get('groupBy') as TimeGroupBy)
    : 'project';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  let preset = (PRESETS as readonly string[]).includes(params.get('preset') ?? '')
    ? (params.get('preset') as Preset)
    : undefined;
  if (!preset) preset = ISO.test(from) && ISO.test(to) ? 'custom' : 'this-week';
  const range =
    preset === 'custom'
      ? { from: ISO.test(from) ? from : presetRange('this-week', today).from, to: ISO.test(to) ? to : today }
      : presetRange(preset, today);
  return {
    report,
    preset,
    ...range,
    userId: params.get('userId') || undefined,
    teamId: params.get('teamId') || undefined,
    projectId: params.get('projectId') || undefined,
    groupBy,
  };
}

export function writeFilters(f: UrlFilters): URLSearchParams {
  const params = new URLSearchParams({ report: f.report, preset: f.preset });
  if (f.preset === 'custom') {
    params.set('from', f.from);
    params.set('to', f.to);
  }
  if (f.userId) params.set('userId', f.userId);
  if (f.teamId) params.set('teamId', f.teamId);
  if (f.projectId) params.set('projectId', f.projectId);
  if (f.report === 'time') params.set('groupBy', f.groupBy);
  return params;
}

export const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
/** Hours with two decimals in the person's locale: '1.50' ('1,50' in German). */
export const formatHoursShort = (seconds: number) =>
  formatNumber(hours(seconds), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Signed hours for differences and balances: '+1.50', '−2.00'. */
export const formatSignedHours = (seconds: number) =>
  `${seconds > 0 ? '+' : seconds < 0 ? '−' : ''}${formatHoursShort(Math.abs(seconds))}`;
/** A share 0..1 as a percentage with one decimal: '12.5%' ('12,5 %' in German). */
export const formatShare = (share: number) =>
  formatNumber(Math.round(share * 1000) / 1000, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
