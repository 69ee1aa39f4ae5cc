import type { LoginRequest, User } from '@contract/auth';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLogin } from './api';
import { FormField } from './form-field';

type FieldErrors = Partial<Record<keyof LoginRequest, string>>;

/**
 * Checks the fields with the contract's own schema, fetched on first submit: the sign-in page is
 * the first thing most people load, so neither zod nor a form library ships with it.
 */
async function validate(values: LoginRequest): Promise<{ data?: LoginRequest; errors: FieldErrors }> {
  const { loginRequest } = await import('@contract/auth');
  const result = loginRequest.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginRequest;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** Spec point 2 (Login) and point 8: the server's message, else 'Login failed'. */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const login = useLogin();
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const busy = checking || login.isPending;

  const change = (field: keyof LoginRequest) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setChecking(true);
    const checked = await validate(values).finally(() => setChecking(false));
    setErrors(checked.errors);
    if (!checked.data) return;
    try {
      onSignedIn(await login.mutateAsync(checked.data));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Login failed');
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id="email" label="Email" error={errors.email}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={!!errors.email}
          value={values.email}
          onChange={change('email')}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password}>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={!!errors.password}
          value={values.password}
          onChange={change('password')}
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
      <Button type="submit" className="w-full" disabled={busy}>
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
