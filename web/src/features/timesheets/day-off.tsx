import type { DayOff } from '@contract/timesheets';
import type { TFunction } from 'i18next';
import { CalendarOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format';

/**
 * "Public holiday: Christmas Day", "Company day: Christmas Eve (half day)", "Vacation (half day)",
 * "Time in lieu (2h 0m)".
 */
export function dayOffLabel(off: DayOff, t: TFunction): string {
  const { name } = off;
  const duration = formatDuration(off.seconds);
  if (off.kind === 'holiday') {
    const kind = off.company ? 'company' : 'holiday';
    if (off.fraction === 0.5) return t(`timesheets:off.${kind}Half`, { name });
    return off.seconds > 0
      ? t(`timesheets:off.${kind}Hours`, { name, duration })
      : t(`timesheets:off.${kind}`, { name });
  }
  if (off.fraction === 0.5) return t('timesheets:off.leaveHalf', { name });
  return off.seconds > 0 ? t('timesheets:off.leaveHours', { name, duration }) : name;
}

/**
 * What the day off does to the day's expected time, in the server's figures
 * (docs/product/time-off.md#counting): a holiday is not owed, paid leave is credited, unpaid leave is
 * not owed and not credited, Overtime compensation is owed and taken from the overtime balance.
 */
function effect(off: DayOff, t: TFunction): string {
  if (off.kind === 'holiday')
    return off.fraction === 1 ? t('timesheets:off.notOwed') : t('timesheets:off.halfNotOwed');
  if (off.compensation) return t('timesheets:off.fromOvertime');
  if (off.creditSeconds > 0)
    return t('timesheets:off.credit', { duration: formatDuration(off.creditSeconds) });
  return off.paid ? t('timesheets:off.notOwed') : t('timesheets:off.unpaid');
}

/** The holidays and leave of a timesheet day, one row each (docs/product/timesheets.md#week). */
export function DayOffRows({ off }: { off: DayOff[] }) {
  const { t } = useTranslation('timesheets');
  if (off.length === 0) return null;
  return (
    <ul className="grid grid-cols-1 gap-1 text-sm" aria-label={t('off.label')}>
      {off.map((o) => (
        <li
          key={`${o.kind} ${o.name}`}
          className="flex min-w-0 items-center justify-between gap-3 rounded border border-dashed px-2 py-1.5"
          data-testid="sheet-day-off"
        >
          <span className="flex min-w-0 items-center gap-2">
            {o.kind === 'holiday' ? (
              <CalendarOff className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            ) : (
              <span
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: o.color ?? undefined }}
                aria-hidden
              />
            )}
            {/* Wraps rather than cut off: on a phone "Company day: Christmas Eve (half day)" is read whole. */}
            <span className="min-w-0 break-words font-medium">{dayOffLabel(o, t)}</span>
          </span>
          <span className="shrink-0 text-right text-xs tabular-nums text-muted-foreground">
            {effect(o, t)}
          </span>
        </li>
      ))}
    </ul>
  );
}
