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
 * form's array `name`. The unit is said once, in the legend; each label is its day's name alone and
 * never wraps, whatever the width or the language ('Donnerstag'), so labels and inputs stay in line.
 * Seven columns only where seven names fit beside the sidebar (xl), never in a dialog (`narrow`); the
 * inputs keep their full name for assistive tech ('Wednesday hours'). A label, input and error share
 * rows with the other days' (a subgrid), so one day's error moves no other input.
 */
export function WeekHoursFields({ name, narrow = false }: { name: string; narrow?: boolean }) {
  const { t } = useTranslation('teams');
  return (
    <fieldset className="grid gap-2" data-testid="schedule-days">
      <legend className="mb-2 text-sm font-medium text-foreground">{t('schedule.hoursLegend')}</legend>
      <div className={cn('grid grid-cols-2 gap-x-3 gap-y-1.5 sm:grid-cols-4', !narrow && 'xl:grid-cols-7')}>
        {weekdayNames.map((day, i) => {
          const dayName = t(`schedule.weekdays.${dayKey(day)}`);
          return (
            <TextField
              key={day}
              className="row-span-3 grid-rows-subgrid"
              name={`${name}.${i}`}
              label={<span className="whitespace-nowrap">{dayName}</span>}
              aria-label={t('schedule.dayHours', { day: dayName })}
              type="number"
              min={0}
              max={24}
              step={0.25}
              inputMode="decimal"
            />
          );
        })}
      </div>
    </fieldset>
  );
}
