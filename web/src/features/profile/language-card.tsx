import { languageNames, languages, timeFormats } from '@contract/languages';
import { updateProfileRequest } from '@contract/profile';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Form, FormMessage, SelectField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatTime } from '@/lib/format';
import { getStoredUser, setStoredUser } from '@/lib/auth';
import { applyLanguage, i18n, resolveLanguage } from '@/lib/i18n';
import { useProfile, useUpdateProfile } from './api';
import { CardHeading } from './card-heading';

const languageForm = updateProfileRequest.pick({ language: true, timeFormat: true });
type Choice = z.output<typeof languageForm>;

/** 9:05 PM today: what each clock choice writes. */
const sampleTime = () => {
  const d = new Date();
  d.setHours(21, 5, 0, 0);
  return d;
};

function LanguageForm({ initial }: { initial: z.input<typeof languageForm> }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(languageForm, { defaultValues: initial });
  const submit = async (values: Choice) => {
    setError(null);
    try {
      const user = await update.mutateAsync({
        body: { language: values.language ?? null, timeFormat: values.timeFormat ?? null },
      });
      // The stored user (api.ts) switches every screen; the toast already speaks the new language.
      await applyLanguage(resolveLanguage(user.language), user.timeFormat ?? null);
      toast({ title: i18n.t('profile:language.saved') });
    } catch (err) {
      if (!applyServerErrors(form, err)) setError(err instanceof Error ? err.message : t('details.failed'));
    }
  };
  return (
    <Form form={form} onSubmit={submit} idPrefix="language">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          name="language"
          label={t('language.language')}
          noneLabel={t('common:language.browser')}
          options={languages.map((l) => ({ value: l, label: languageNames[l] }))}
        />
        <SelectField
          name="timeFormat"
          label={t('language.clock')}
          hint={t('language.clockHint', { time: formatTime(sampleTime()) })}
          noneLabel={t('language.clockAsLanguage')}
          options={timeFormats.map((f) => ({ value: f, label: t(`language.clocks.${f}`) }))}
        />
      </div>
      <FormMessage>{error}</FormMessage>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('saving') : t('language.submit')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The language Workbench speaks to this person, and their clock (docs/product/profile.md#language):
 * saved on their account, so every browser and the server's e-mails follow it.
 */
export function LanguageCard() {
  const { t } = useTranslation('profile');
  const user = useProfile().data;
  // A choice made in another browser arrives with the profile: this one switches to it too.
  useEffect(() => {
    const stored = getStoredUser();
    if (!user || stored?.id !== user.id) return;
    if (stored.language !== user.language || stored.timeFormat !== user.timeFormat)
      setStoredUser({ ...stored, language: user.language, timeFormat: user.timeFormat });
  }, [user]);
  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('language.title')}</CardHeading>
        <CardDescription>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!user ? (
          <Skeleton className="h-16" />
        ) : (
          <LanguageForm
            key={`${user.language}|${user.timeFormat}`}
            initial={{ language: user.language ?? null, timeFormat: user.timeFormat ?? null }}
          />
        )}
      </CardContent>
    </Card>
  );
}
