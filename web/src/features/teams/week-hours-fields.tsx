import { weekdayNames } from '@contract/schedules';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form';
import { cn } from '@/lib/utils';

/** 'Monday' → 'monday', the weekday's message key. */
export const dayKey = (day: (typeof weekdayNames)[number]) => day.toLowerCase();

/** Minutes → hours with up to two decimals, as the hour fields hold them. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** Hours (quarter hours welcome) → whole minutes, as the server keeps them. */
export const minutesOf = (hours: readonly number[]) => hours.map((h) => Math.round(h * 60));

/**
 * The seven "hours per weekday" fields of a schedule (a person's or a team's default), bound to the
 * form's array `name`. Each day's label, input and error share rows with the other days' (a
 * subgrid), so a label that takes two lines ('Donnerstag (Std.)') keeps every input on one line.
 * `narrow` lays them out for a dialog rather than a page.
 */
export function WeekHoursFields({ name, narrow = false }: { name: string; narrow?: boolean }) {
  const { t } = useTranslation('teams');
  return (
    <div
      className={cn(
        'grid grid-cols-2 gap-x-3 gap-y-1.5',
        narrow ? 'sm:grid-cols-4' : 'sm:grid-cols-4 lg:grid-cols-7',
      )}
    >
      {weekdayNames.map((day, i) => (
        <TextField
          key={day}
          className="row-span-3 grid-rows-subgrid"
          name={`${name}.${i}`}
          label={t('schedule.dayHours', { day: t(`schedule.weekdays.${dayKey(day)}`) })}
          type="number"
          min={0}
          max={24}
          step={0.25}
          inputMode="decimal"
        />
      ))}
    </div>
  );
}
