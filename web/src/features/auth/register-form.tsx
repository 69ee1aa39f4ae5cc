import { type RegisterForm as Values, registerForm, selfRoles } from '@contract/auth';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { Link } from 'react-router';
import {
  applyServerErrors,
  Form,
  NewPasswordFields,
  SelectField,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useRegister } from './api';

/** Stage one of registration; the same zod schema checks it here and on the server. */
export function RegisterForm({
  defaults,
  invited = false,
  onRegistered,
}: {
  defaults?: Partial<Values>;
  /** Opened from an invitation's link: its role comes with the invitation, so the form does not ask. */
  invited?: boolean;
  onRegistered: (values: Values) => void;
}) {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const form = useZodForm(registerForm, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      inviteCode: '',
      ...defaults,
    },
  });

  // The schema's output: names and code trimmed, the e-mail lowercased.
  const submit = async ({ confirmPassword: _, inviteCode, ...values }: z.output<typeof registerForm>) => {
    try {
      await register.mutateAsync({ body: { ...values, inviteCode: inviteCode || null } });
      toast({
        title: t('register.submitted'),
        description: t('register.checkEmail'),
      });
      // What was typed, so going back to the form shows it again.
      onRegistered(form.getValues());
    } catch (err) {
      // A taken address comes back on the Email field, where it can be fixed.
      applyServerErrors(form, err);
      toast({
        variant: 'destructive',
        title: t('register.failed'),
        description: err instanceof Error && err.message ? err.message : t('common:errors.tryAgain'),
      });
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="register">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label={t('common:fields.firstName')} autoComplete="given-name" />
        <TextField name="lastName" label={t('common:fields.lastName')} autoComplete="family-name" />
      </div>
      <TextField name="email" label={t('common:fields.email')} type="email" autoComplete="email" />
      <NewPasswordFields
        name="password"
        label={t('common:fields.password')}
        confirmLabel={t('register.confirmPassword')}
      />
      {invited ? (
        <p className="rounded-md border border-border bg-subtle px-3 py-2 text-sm text-muted-foreground">
          {t('register.invited')}
        </p>
      ) : (
        <>
          <SelectField
            name="role"
            label={t('common:fields.role')}
            options={selfRoles.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
            placeholder={t('register.selectRole')}
          />
          <TextField name="inviteCode" label={t('register.inviteCode')} autoComplete="off" />
        </>
      )}
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? t('register.creating') : t('register.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="register.haveAccount"
          components={{ a: <Link to="/login" className="font-medium text-primary hover:underline" /> }}
        />
      </p>
    </Form>
  );
}
