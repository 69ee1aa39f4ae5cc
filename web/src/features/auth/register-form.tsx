import { type RegisterForm as Values, registerForm, selfRoles } from '@contract/auth';
import type { z } from 'zod';
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
import { capitalize } from '@/lib/format';
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
        title: 'Registration Submitted',
        description: 'Please check your email for verification code.',
      });
      // What was typed, so going back to the form shows it again.
      onRegistered(form.getValues());
    } catch (err) {
      // A taken address comes back on the Email field, where it can be fixed.
      applyServerErrors(form, err);
      toast({
        variant: 'destructive',
        title: 'Registration Failed',
        description:
          err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.',
      });
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="register">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label="First name" autoComplete="given-name" />
        <TextField name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <TextField name="email" label="Email" type="email" autoComplete="email" />
      <NewPasswordFields name="password" label="Password" confirmLabel="Confirm password" />
      {invited ? (
        <p className="rounded-md border border-border bg-subtle px-3 py-2 text-sm text-muted-foreground">
          You were invited: your role comes with the invitation, and your account is ready as soon as the
          e-mail address is verified.
        </p>
      ) : (
        <>
          <SelectField
            name="role"
            label="Role"
            options={selfRoles.map((role) => ({ value: role, label: capitalize(role) }))}
            placeholder="Select your role"
          />
          <TextField name="inviteCode" label="Invite code (optional)" autoComplete="off" />
        </>
      )}
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </Form>
  );
}
