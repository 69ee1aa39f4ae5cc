import { zodResolver } from '@hookform/resolvers/zod';
import { type Settings, settingsInput } from '@contract/settings';
import { useEffect, useMemo } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useSaveSettings, useSettings } from './api';

type Field = { name: Path<Settings>; label: string; hint: string; type: 'time' | 'number' };
const fields: Field[] = [
  { name: 'clockIn', label: 'Expected clock-in', hint: 'Start of the work day', type: 'time' },
  {
    name: 'clockOut',
    label: 'Expected clock-out',
    hint: 'Open records past it raise an alert',
    type: 'time',
  },
  { name: 'dailyBreakMinutes', label: 'Daily break (minutes)', hint: 'Short breaks per day', type: 'number' },
  { name: 'lunchMinutes', label: 'Lunch (minutes)', hint: 'Lunch break per day', type: 'number' },
  {
    name: 'lateThresholdMinutes',
    label: 'Late threshold (minutes)',
    hint: 'Grace period after clock-in before an arrival is late',
    type: 'number',
  },
];

function timeZones(current: string | undefined): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !all.includes(current) ? [current, ...all] : all;
}

/** Admin Dashboard 'System Settings' tab: the settings that drive attendance status and alerts. */
export function SystemSettingsPanel() {
  const settings = useSettings();
  const save = useSaveSettings();
  const form = useForm<Settings>({ resolver: zodResolver(settingsInput) });
  const zones = useMemo(() => timeZones(settings.data?.timeZone), [settings.data?.timeZone]);
  const { errors } = form.formState;

  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () =>
        toast({ title: 'Settings Saved', description: 'Attendance settings have been updated.' }),
      onError: (error) => {
        for (const [field, messages] of Object.entries(
          error instanceof ApiError ? (error.fieldErrors ?? {}) : {},
        )) {
          form.setError(field as Path<Settings>, { message: messages[0] });
        }
        toast({ title: 'Failed to save settings', description: error.message, variant: 'destructive' });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>System Settings</CardTitle>
        <CardDescription>
          Working hours that decide late arrivals, missing clock-outs and fixed records
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <div className="grid gap-5 sm:grid-cols-2" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-6">
            <div className="grid gap-5 sm:grid-cols-2">
              {fields.map((f) => (
                <div key={f.name} className="grid gap-1.5">
                  <Label htmlFor={`settings-${f.name}`}>{f.label}</Label>
                  <Input
                    id={`settings-${f.name}`}
                    type={f.type}
                    inputMode={f.type === 'number' ? 'numeric' : undefined}
                    min={f.type === 'number' ? 0 : undefined}
                    aria-invalid={Boolean(errors[f.name])}
                    aria-describedby={`settings-${f.name}-hint`}
                    {...form.register(f.name, f.type === 'number' ? { valueAsNumber: true } : {})}
                  />
                  <p id={`settings-${f.name}-hint`} className="text-xs text-muted-foreground">
                    {errors[f.name]?.message ? (
                      <span className="text-destructive">{errors[f.name]?.message}</span>
                    ) : (
                      f.hint
                    )}
                  </p>
                </div>
              ))}
              <div className="grid gap-1.5">
                <Label htmlFor="settings-timeZone">Time zone</Label>
                <Input
                  id="settings-timeZone"
                  list="settings-time-zones"
                  autoComplete="off"
                  aria-invalid={Boolean(errors.timeZone)}
                  aria-describedby="settings-timeZone-hint"
                  {...form.register('timeZone')}
                />
                <datalist id="settings-time-zones">
                  {zones.map((z) => (
                    <option key={z} value={z} />
                  ))}
                </datalist>
                <p id="settings-timeZone-hint" className="text-xs text-muted-foreground">
                  {errors.timeZone?.message ? (
                    <span className="text-destructive">{errors.timeZone.message}</span>
                  ) : (
                    'Decides which day a record belongs to'
                  )}
                </p>
              </div>
            </div>
            <div className="flex justify-end border-t pt-5">
              <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
                {save.isPending ? 'Saving...' : 'Save Settings'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
