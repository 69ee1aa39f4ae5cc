import { ORG_ZONE, type ProfileForm, profileForm } from '@contract/profile';
import { useMemo, useState } from 'react';
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
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(profileForm, { defaultValues: initial });
  const orgZone = useOrgSettings().data?.timeZone;
  const none = useMemo(
    () => ({
      value: ORG_ZONE,
      label: orgZone ? `The organisation's time zone (${orgZone})` : "The organisation's time zone",
    }),
    [orgZone],
  );
  const submit = async (values: ProfileForm) => {
    setError(null);
    try {
      const user = await update.mutateAsync({
        body: { ...values, timeZone: values.timeZone === ORG_ZONE ? null : values.timeZone },
      });
      form.reset({ firstName: user.firstName, lastName: user.lastName, timeZone: user.timeZone ?? ORG_ZONE });
      toast({ title: 'Profile saved' });
    } catch (err) {
      if (!applyServerErrors(form, err))
        setError(err instanceof Error ? err.message : 'Could not save the profile');
    }
  };
  return (
    <Form form={form} onSubmit={submit} idPrefix="profile">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField name="firstName" label="First name" autoComplete="given-name" />
        <TextField name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <p className="text-sm text-subtle-foreground">
        E-mail: <span className="font-medium text-foreground">{initial.email}</span>
      </p>
      <TimeZoneField
        name="timeZone"
        hint="Your days (today's hours, timesheets, attendance) count in this zone, and your times show in it."
        none={none}
      />
      <FormMessage>{error}</FormMessage>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </Form>
  );
}

export function ProfileDetailsCard() {
  const profile = useProfile();
  const user = profile.data;
  return (
    <Card>
      <CardHeader>
        <CardHeading>Your details</CardHeading>
        <CardDescription>How others see you, and the time zone your days count in.</CardDescription>
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
