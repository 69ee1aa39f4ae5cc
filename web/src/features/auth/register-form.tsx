import { type RegisterForm as Values, registerForm } from '@contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useRegister } from './api';
import { FormField } from './form-field';

const fields = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'role',
  'inviteCode',
] as const;

/** Stage one of registration; the same zod schema checks it here and on the server. */
export function RegisterForm({
  defaults,
  onRegistered,
}: {
  defaults?: Partial<Values>;
  onRegistered: (values: Values) => void;
}) {
  const register = useRegister();
  const form = useForm<Values>({
    resolver: zodResolver(registerForm),
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
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await register.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim().toLowerCase(),
        password: values.password,
        role: values.role,
        inviteCode: values.inviteCode?.trim() ? values.inviteCode.trim() : null,
      });
      toast({
        title: 'Registration Submitted',
        description: 'Please check your email for verification code.',
      });
      onRegistered(values);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors) {
        for (const field of fields) {
          const message = err.fieldErrors[field]?.[0];
          if (message) form.setError(field, { message });
        }
      }
      toast({
        variant: 'destructive',
        title: 'Registration Failed',
        description:
          err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.',
      });
    }
  });

  const input = (name: Exclude<(typeof fields)[number], 'role'>, type = 'text', autoComplete?: string) => (
    <Input
      id={name}
      type={type}
      autoComplete={autoComplete}
      aria-invalid={!!errors[name]}
      aria-describedby={errors[name] ? `${name}-error` : undefined}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="firstName" label="First name" error={errors.firstName?.message}>
          {input('firstName', 'text', 'given-name')}
        </FormField>
        <FormField id="lastName" label="Last name" error={errors.lastName?.message}>
          {input('lastName', 'text', 'family-name')}
        </FormField>
      </div>
      <FormField id="email" label="Email" error={errors.email?.message}>
        {input('email', 'email', 'email')}
      </FormField>
      <FormField
        id="password"
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters with uppercase, lowercase, and a number."
      >
        {input('password', 'password', 'new-password')}
      </FormField>
      <FormField id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
        {input('confirmPassword', 'password', 'new-password')}
      </FormField>
      <FormField id="role" label="Role" error={errors.role?.message}>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="role" aria-invalid={!!errors.role} onBlur={field.onBlur}>
                <SelectValue placeholder="Select your role" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="employee">Employee</SelectItem>
                <SelectItem value="manager">Manager</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField id="inviteCode" label="Invite code (optional)" error={errors.inviteCode?.message}>
        {input('inviteCode', 'text', 'off')}
      </FormField>
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
