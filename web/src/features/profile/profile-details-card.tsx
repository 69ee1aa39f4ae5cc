import { ORG_ZONE, type ProfileForm, profileForm } from '@contract/profile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';

import {
  applyServerErrors,
  Form,
  FormMessage,
  TextField,
  TimeZoneField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useOrgSettings } from '@/lib/time-zone';
import { useProfile, useUpdateProfile } from './api';
import { AvatarPicker } from './avatar-picker';
import { CardHeading } from './card-heading';

function DetailsForm({ initial }: { initial: ProfileForm & { email: string } }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(profileForm, { defaultValues: initial });
  const orgZone = useOrgSettings().data?.timeZone;
  const none = useMemo(
    () => ({
      value: ORG_ZONE,
      label: orgZone ? t('details.orgZoneNamed', { zone: orgZone }) : t('details.orgZone'),
    }),
    [orgZone, t],
  );
  const submit = async (values: ProfileForm) => {
    setError(null);
    try {
      const user = await update.mutateAsync({
        body: { ...values, timeZone: values.timeZone === ORG_ZONE ? null : values.timeZone },
      });
      form.reset({ firstName: user.firstName, lastName: user.lastName, timeZone: user.timeZone ?? ORG_ZONE });
      toast({ title: t('details.saved') });
    } catch (err) {
      if (!applyServerErrors(form, err)) setError(err instanceof Error ? err.message : t('details.failed'));
    }
  };
  return (
    <Form form={form} onSubmit={submit} idPrefix="profile">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField name="firstName" label={t('common:fields.firstName')} autoComplete="given-name" />
        <TextField name="lastName" label={t('common:fields.lastName')} autoComplete="family-name" />
      </div>
      <p className="text-sm text-subtle-foreground">
        <Trans
          t={t}
          i18nKey="details.email"
          values={{ email: initial.email }}
          components={{ email: <span className="font-medium text-foreground" /> }}
        />
      </p>
      <TimeZoneField name="timeZone" hint={t('details.zoneHint')} none={none} />
      <FormMessage>{error}</FormMessage>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('saving') : t('details.submit')}
        </Button>
      </div>
    </Form>
  );
}

export function ProfileDetailsCard() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const user = profile.data;
  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('details.title')}</CardHeading>
        <CardDescription>{t('details.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!user ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        ) : (
          <div className="grid gap-5">
            <AvatarPicker firstName={user.firstName} lastName={user.lastName} url={user.profileImageUrl} />
            <DetailsForm
              key={user.id}
              initial={{
                firstName: user.firstName,
                lastName: user.lastName,
                timeZone: user.timeZone ?? ORG_ZONE,
                email: user.email,
              }}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
