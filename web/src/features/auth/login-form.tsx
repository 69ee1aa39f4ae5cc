import type { LoginRequest, SignInResponse } from '@contract/auth';
import { useState } from 'react';
import { Link } from 'react-router';
// Straight from the modules, not the index: see components/form/index.ts.
import { TextField } from '@/components/form/field';
import { Form, FormMessage } from '@/components/form/form';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { useLogin } from './api';

/**
 * The contract's schema is fetched on the first submit: the sign-in page is the first thing most
 * people load, so zod does not ship with it.
 */
const loadLoginSchema = () => import('@contract/auth').then((m) => m.loginRequest);

/** Sign-in (docs/product/accounts.md#sign-in): the server's message, else 'Login failed'. */
/** `onSignedIn` gets the user, or `{twoFactorRequired}` when the account asks for a second factor. */
export function LoginForm({ onSignedIn }: { onSignedIn: (result: SignInResponse) => void }) {
  const login = useLogin();
  const form = useZodForm(loadLoginSchema, { defaultValues: { email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting || login.isPending;

  const submit = async (values: LoginRequest) => {
    setError(null);
    try {
      onSignedIn(await login.mutateAsync({ body: values }));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Login failed');
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="login">
      <TextField name="email" label="Email" type="email" autoComplete="email" required />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
      <FormMessage testId="login-error">{error}</FormMessage>
      <Button type="submit" className="w-full" disabled={busy}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Don't have an account?{' '}
        <Link to="/register" className="font-medium text-primary hover:underline">
          Register here
        </Link>
      </p>
    </Form>
  );
}
