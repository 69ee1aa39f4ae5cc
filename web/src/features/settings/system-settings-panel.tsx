import { type Settings, type SettingsInput, settingsInput } from '@contract/settings';
import { useEffect } from 'react';
import { type Control, type Path, useController } from 'react-hook-form';
import { applyServerErrors, Form, TextField, TimeZoneField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useSaveSettings, useSettings } from './api';

type Field = {
  name: Path<Settings>;
  label: string;
  hint: string;
  type: 'time' | 'number';
  min?: number;
  max?: number;
};
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
  {
    name: 'autoStopTimerHours',
    label: 'Stop forgotten timers after (hours)',
    hint: 'A timer running longer is stopped at this limit and marked Auto-stopped',
    type: 'number',
    min: 1,
    max: 24,
  },
];

const ROLE_LABELS = [
  ['admin', 'Admins'],
  ['manager', 'Managers'],
  ['employee', 'Employees'],
] as const;

/**
 * Which roles must sign in with a second factor (docs/product/admin.md#two-factor); all three is
 * everyone. Users of a ticked role without it are sent to enrol at their next sign-in.
 */
function TwoFactorRolesField({ control }: { control: Control<SettingsInput> }) {
  const { field } = useController({ control, name: 'twoFactorRoles' });
  const chosen = field.value ?? [];
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="text-sm font-medium text-foreground">Require two-factor sign-in</legend>
      <p className="text-xs text-muted-foreground">
        People in these roles without an authenticator app are sent to set one up at their next sign-in.
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {ROLE_LABELS.map(([role, label]) => (
          <label key={role} className="flex items-center gap-2 text-sm text-foreground">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(role)}
              onChange={(e) =>
                field.onChange(e.target.checked ? [...chosen, role] : chosen.filter((r) => r !== role))
              }
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Admin Dashboard 'System Settings' tab: the settings that drive attendance status and alerts. */
export function SystemSettingsPanel() {
  const settings = useSettings();
  const save = useSaveSettings();
  const form = useZodForm(settingsInput);

  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);

  const submit = (values: SettingsInput) =>
    save.mutate(
      { body: values },
      {
        onSuccess: () =>
          toast({ title: 'Settings Saved', description: 'Attendance settings have been updated.' }),
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ title: 'Failed to save settings', description: error.message, variant: 'destructive' });
        },
      },
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
            {Array.from({ length: 7 }, (_, i) => (
              <div key={i} className="space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </div>
        ) : (
          <Form form={form} onSubmit={submit} idPrefix="settings" className="gap-6">
            <div className="grid gap-5 sm:grid-cols-2">
              {fields.map((f) => (
                <TextField
                  key={f.name}
                  name={f.name}
                  label={f.label}
                  hint={f.hint}
                  type={f.type}
                  inputMode={f.type === 'number' ? 'numeric' : undefined}
                  min={f.type === 'number' ? (f.min ?? 0) : undefined}
                  max={f.max}
                />
              ))}
              <TimeZoneField name="timeZone" hint="Decides which day a record belongs to" />
              <TwoFactorRolesField control={form.control} />
            </div>
            <div className="flex justify-end border-t pt-5">
              <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
                {save.isPending ? 'Saving...' : 'Save Settings'}
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
