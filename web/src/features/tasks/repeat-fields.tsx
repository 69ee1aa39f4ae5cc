import type { Repeat, TaskRepeat } from '@contract/tasks';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/select';

/** The dialog's Repeat (docs/product/tasks.md#repeat): what the form holds beside the task's fields. */
export type RepeatChoice = {
  frequency: 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly';
  weekdays: number[];
  monthDay: string;
  end: 'never' | 'after' | 'on';
  count: string;
  until: string;
};

export const NO_REPEAT: RepeatChoice = {
  frequency: 'none',
  weekdays: [0],
  monthDay: '1',
  end: 'never',
  count: '10',
  until: '',
};

export function choiceOf(repeat: TaskRepeat | null | undefined): RepeatChoice {
  if (!repeat) return NO_REPEAT;
  return {
    frequency: repeat.frequency,
    weekdays: repeat.weekdays.length ? repeat.weekdays : [0],
    monthDay: String(repeat.monthDay ?? 1),
    end: repeat.end.type,
    count: repeat.end.type === 'after' ? String(repeat.end.count) : '10',
    until: repeat.end.type === 'on' ? repeat.end.date : '',
  };
}

/** The request's `repeat` (null: does not repeat); the server checks it with the contract's messages. */
export function repeatOf(choice: RepeatChoice): Repeat | null {
  if (choice.frequency === 'none') return null;
  const end =
    choice.end === 'after'
      ? { type: 'after' as const, count: Number(choice.count) }
      : choice.end === 'on'
        ? { type: 'on' as const, date: choice.until }
        : { type: 'never' as const };
  return {
    frequency: choice.frequency,
    weekdays: choice.frequency === 'weekly' ? choice.weekdays : [],
    monthDay: choice.frequency === 'monthly' ? Number(choice.monthDay) : null,
    end,
  };
}

const frequencies = ['none', 'daily', 'weekdays', 'weekly', 'monthly'] as const;
const ends = ['never', 'after', 'on'] as const;

export function RepeatFields({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: RepeatChoice;
  onChange: (next: RepeatChoice) => void;
}) {
  const { t } = useTranslation('tasks');
  const set = (patch: Partial<RepeatChoice>) => onChange({ ...value, ...patch });
  const id = (name: string) => `${idPrefix}-repeat-${name}`;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={id('frequency')}>{t('repeat.label')}</Label>
        <OptionSelect
          id={id('frequency')}
          value={value.frequency}
          options={frequencies}
          labels={
            Object.fromEntries(frequencies.map((f) => [f, t(`repeat.frequency.${f}`)])) as Record<
              (typeof frequencies)[number],
              string
            >
          }
          onValueChange={(frequency) => set({ frequency })}
        />
        {value.frequency !== 'none' && (
          <p className="text-xs text-muted-foreground">{t('repeat.needsDue')}</p>
        )}
      </div>
      {value.frequency === 'weekly' && (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-foreground">{t('repeat.on')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {[0, 1, 2, 3, 4, 5, 6].map((day) => (
              <label key={day} className="flex items-center gap-1.5 text-sm text-foreground">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={value.weekdays.includes(day)}
                  onChange={(e) => {
                    const weekdays = e.target.checked
                      ? [...value.weekdays, day].sort()
                      : value.weekdays.filter((d) => d !== day);
                    // at least one day: the last one cannot be unticked
                    if (weekdays.length > 0) set({ weekdays });
                  }}
                />
                {t(`repeat.day.${day}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {value.frequency === 'monthly' && (
        <div className="grid gap-1.5">
          <Label htmlFor={id('month-day')}>{t('repeat.monthDay')}</Label>
          <Input
            id={id('month-day')}
            type="number"
            inputMode="numeric"
            min={1}
            max={31}
            value={value.monthDay}
            aria-describedby={id('month-day-hint')}
            onChange={(e) => set({ monthDay: e.target.value })}
          />
          <p id={id('month-day-hint')} className="text-xs text-muted-foreground">
            {t('repeat.monthDayHint')}
          </p>
        </div>
      )}
      {value.frequency !== 'none' && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={id('end')}>{t('repeat.ends')}</Label>
            <OptionSelect
              id={id('end')}
              value={value.end}
              options={ends}
              labels={
                Object.fromEntries(ends.map((e) => [e, t(`repeat.end.${e}`)])) as Record<
                  (typeof ends)[number],
                  string
                >
              }
              onValueChange={(end) => set({ end })}
            />
          </div>
          {value.end === 'after' && (
            <div className="grid gap-1.5">
              <Label htmlFor={id('count')}>{t('repeat.count')}</Label>
              <Input
                id={id('count')}
                type="number"
                inputMode="numeric"
                min={1}
                max={1000}
                value={value.count}
                onChange={(e) => set({ count: e.target.value })}
              />
            </div>
          )}
          {value.end === 'on' && (
            <div className="grid gap-1.5">
              <Label htmlFor={id('until')}>{t('repeat.until')}</Label>
              <Input
                id={id('until')}
                type="date"
                value={value.until}
                onChange={(e) => set({ until: e.target.value })}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
