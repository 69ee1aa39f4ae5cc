import { changePasswordForm } from '@contract/auth';
import { useState } from 'react';
import {
  applyServerErrors,
  CheckboxField,
  Form,
  FormMessage,
  NewPasswordFields,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useChangeOwnPassword } from './api';
import { CardHeading } from './card-heading';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '', revokeTokens: false };

export function PasswordCard() {
  const change = useChangeOwnPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(changePasswordForm, { defaultValues: EMPTY });
  const submit = async ({
    currentPassword,
    newPassword,
    revokeTokens,
  }: {
    currentPassword: string;
    newPassword: string;
    revokeTokens: boolean;
  }) => {
    setError(null);
    try {
      await change.mutateAsync({ body: { currentPassword, newPassword, revokeTokens } });
      form.reset(EMPTY);
      toast({
        title: 'Password changed',
        description: revokeTokens
          ? 'Your other sessions were signed out and your API tokens revoked.'
          : 'Your other sessions were signed out.',
      });
    } catch (err) {
      if (!applyServerErrors(form, err))
        setError(err instanceof Error ? err.message : 'Failed to change password');
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardHeading>Password</CardHeading>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={submit} idPrefix="own-password">
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NewPasswordFields name="newPassword" />
          </div>
          <CheckboxField
            name="revokeTokens"
            label="Also revoke my API tokens"
            hint="Do this if someone else may have known your password: scripts using your tokens stop working."
          />
          <FormMessage>{error}</FormMessage>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Change password'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
