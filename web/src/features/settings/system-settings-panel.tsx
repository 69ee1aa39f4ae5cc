import { languageNames, languages } from '@contract/languages';
import { type Settings, type SettingsInput, settingsInput } from '@contract/settings';
import { useEffect } from 'react';
import { type Control, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  applyServerErrors,
  Form,
  SelectField,
  TextField,
  TimeZoneField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useSaveSettings, useSettings } from './api';

/** Each field's label and hint are the messages system.fields.<name>.label and .hint. */
type Field = {
  name: Path<Settings>;
  type: 'time' | 'number';
  min?: number;
  max?: number;
};
const fields: Field[] = [
  { name: 'clockIn', type: 'time' },
  { name: 'clockOut', type: 'time' },
  { name: 'dailyBreakMinutes', type: 'number' },
  { name: 'lunchMinutes', type: 'number' },
  { name: 'lateThresholdMinutes', type: 'number' },
  { name: 'autoStopTimerHours', type: 'number', min: 1, max: 24 },
];

const ROLES = ['admin', 'manager', 'employee'] as const;

/**
 * Which roles must sign in with a second factor (docs/product/admin.md#two-factor); all three is
 * everyone. Users of a ticked role without it are sent to enrol at their next sign-in.
 */
function TwoFactorRolesField({ control }: { control: Control<SettingsInput> }) {
  const { t } = useTranslation('settings');
  const { field } = useController({ control, name: 'twoFactorRoles' });
  const chosen = field.value ?? [];
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="text-sm font-medium text-foreground">{t('system.twoFactor.legend')}</legend>
      <p className="text-xs text-muted-foreground">{t('system.twoFactor.hint')}</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {ROLES.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm text-foreground">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(role)}
              onChange={(e) =>
                field.onChange(e.target.checked ? [...chosen, role] : chosen.filter((r) => r !== role))
              }
            />
            {t(`system.twoFactor.roles.${role}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Admin Dashboard 'System Settings' tab: the settings that drive attendance status and alerts. */
export function SystemSettingsPanel() {
  const { t } = useTranslation('settings');
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
        onSuccess: () => toast({ title: t('saved'), description: t('system.savedDescription') }),
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ title: t('saveFailed'), description: error.message, variant: 'destructive' });
        },
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('system.title')}</CardTitle>
        <CardDescription>{t('system.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <div className="grid gap-5 sm:grid-cols-2" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
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
                  label={t(`system.fields.${f.name}.label`)}
                  hint={t(`system.fields.${f.name}.hint`)}
                  type={f.type}
                  inputMode={f.type === 'number' ? 'numeric' : undefined}
                  min={f.type === 'number' ? (f.min ?? 0) : undefined}
                  max={f.max}
                />
              ))}
              <TimeZoneField name="timeZone" hint={t('system.timeZoneHint')} />
              <SelectField
                name="defaultLanguage"
                label={t('system.defaultLanguage')}
                hint={t('system.defaultLanguageHint')}
                options={languages.map((l) => ({ value: l, label: languageNames[l] }))}
              />
              <TwoFactorRolesField control={form.control} />
            </div>
            <div className="flex justify-end border-t pt-5">
              <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
                {save.isPending ? t('saving') : t('system.submit')}
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
