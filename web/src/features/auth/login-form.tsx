import type { LoginRequest, User } from '@contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useLogin } from './api';
import { FormField } from './form-field';

/** Spec point 2 (Login) and point 8: the server's message, else 'Login failed'. */
// The contract's schema, fetched on first submit: keeps zod out of the sign-in page's first load.
const resolver = lazyZodResolver<LoginRequest>(() => import('@contract/auth').then((m) => m.loginRequest));

export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onSignedIn(await login.mutateAsync(values));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Login failed');
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={!!errors.email}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
      </FormField>
      {error && (
        <p
          role="alert"
          data-testid="login-error"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Don't have an account?{' '}
        <Link to="/register" className="font-medium text-primary hover:underline">
          Register here
        </Link>
      </p>
    </form>
  );
}
