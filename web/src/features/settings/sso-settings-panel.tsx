import { type SsoSettings, type SsoSettingsInput, ssoSettingsInput } from '@contract/sso';
import { useEffect, useState } from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldValues,
  useController,
  useWatch,
} from 'react-hook-form';
import { applyServerErrors, type ControlProps, Field, Form, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useSaveSsoSettings, useSsoSettings } from './api';

const splitDomains = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The auto-approve domains as one text input (commas or spaces between them); the form holds the list. */
function DomainsField({ readOnly }: { readOnly: boolean }) {
  return (
    <Field
      name="autoApproveDomains"
      label="Auto-approve e-mail domains"
      hint="New people from these domains are approved at their first single sign-on; others wait for an admin. Separate with commas."
      className="sm:col-span-2"
    >
      {({ control, field }) => <DomainsInput control={control} field={field} readOnly={readOnly} />}
    </Field>
  );
}

function DomainsInput({
  control,
  field,
  readOnly,
}: {
  control: ControlProps;
  field: ControllerRenderProps<FieldValues, string>;
  readOnly: boolean;
}) {
  const joined = ((field.value as string[] | undefined) ?? []).join(', ');
  const [text, setText] = useState(joined);
  // A reset (the saved settings arriving) replaces what is typed; typing itself keeps the text.
  useEffect(() => {
    setText((current) => (splitDomains(current).join(', ') === joined ? current : joined));
  }, [joined]);
  return (
    <Input
      {...control}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      readOnly={readOnly}
      className={readOnly ? 'bg-muted' : undefined}
      placeholder="example.com, example.org"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(splitDomains(e.target.value));
      }}
    />
  );
}

/**
 * The client secret is write-only: the API only says whether one is set. Then the form shows that
 * with a Replace action; the field is never prefilled, and left empty keeps the saved secret.
 */
function ClientSecretField({ secretSet, readOnly }: { secretSet: boolean; readOnly: boolean }) {
  const [replacing, setReplacing] = useState(false);
  if (secretSet && !replacing) {
    return (
      <div className="grid gap-1.5">
        <span className="text-sm font-medium leading-none text-foreground">Client secret</span>
        <div className="flex min-h-9 flex-wrap items-center gap-3">
          <span className="text-sm text-muted-foreground">A secret is set</span>
          {!readOnly && (
            <Button type="button" variant="outline" size="sm" onClick={() => setReplacing(true)}>
              Replace secret
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <TextField
      name="clientSecret"
      label="Client secret"
      type="password"
      autoComplete="new-password"
      readOnly={readOnly}
      hint={secretSet ? 'Leave empty to keep the saved secret' : 'From the identity provider'}
    />
  );
}

function PasswordSignInSwitch({
  control,
  configured,
  forced,
}: {
  control: Control<SsoSettingsInput>;
  configured: boolean;
  forced: boolean;
}) {
  const { field } = useController({ control, name: 'passwordSignIn' });
  const disabled = forced || (!configured && field.value);
  return (
    <div className="grid gap-1.5 sm:col-span-2">
      <label className="flex items-center gap-3 text-sm font-medium text-foreground">
        <input
          type="checkbox"
          role="switch"
          aria-checked={Boolean(field.value)}
          className="size-4 accent-primary"
          name={field.name}
          ref={field.ref}
          checked={Boolean(field.value)}
          disabled={disabled}
          onChange={(e) => field.onChange(e.target.checked)}
        />
        Allow password sign-in
      </label>
      <p className="text-xs text-muted-foreground">
        {forced
          ? 'The server keeps password sign-in on (PASSWORD_SIGN_IN=always).'
          : configured
            ? 'Off: everyone signs in through the identity provider.'
            : 'Configure a provider before turning password sign-in off.'}
      </p>
    </div>
  );
}

const toInput = (s: SsoSettings): SsoSettingsInput => ({
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecret: '',
  providerName: s.providerName,
  autoApproveDomains: s.autoApproveDomains,
  passwordSignIn: s.passwordSignIn,
});

/** Admin Dashboard 'System Settings': the single sign-on provider (docs/product/admin.md). */
export function SsoSettingsPanel() {
  const settings = useSsoSettings();
  const save = useSaveSsoSettings();
  const form = useZodForm(ssoSettingsInput);
  // Remounted with each save, so a replaced secret's field closes again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (settings.data) form.reset(toInput(settings.data));
  }, [settings.data, form]);

  const [issuer, clientId] = useWatch({ control: form.control, name: ['issuer', 'clientId'] });
  const data = settings.data;
  const fromEnvironment = data?.fromEnvironment ?? false;
  const configured = fromEnvironment || (Boolean(issuer?.trim()) && Boolean(clientId?.trim()));

  const submit = (values: SsoSettingsInput) =>
    save.mutate(
      { body: { ...values, clientSecret: values.clientSecret || undefined } },
      {
        onSuccess: () => {
          setVersion((v) => v + 1);
          toast({ title: 'Settings Saved', description: 'Single sign-on settings have been updated.' });
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ title: 'Failed to save settings', description: error.message, variant: 'destructive' });
        },
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Single sign-on</CardTitle>
        <CardDescription>
          Sign in with your organisation's OpenID Connect provider. Register this redirect URI with it:{' '}
          <code className="break-all text-foreground">{`${window.location.origin}/api/auth/oidc/callback`}</code>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <div className="grid gap-5 sm:grid-cols-2" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </div>
        ) : (
          <Form form={form} onSubmit={submit} idPrefix="sso" className="gap-6">
            {fromEnvironment && (
              <p className="rounded-md border border-border bg-muted px-3 py-2 text-sm text-muted-foreground">
                The provider is set by the server's environment (OIDC_ISSUER and related variables), so it is
                shown read-only here. Only password sign-in can be changed.
              </p>
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="issuer"
                label="Issuer URL"
                type="url"
                placeholder="https://login.example.com"
                autoComplete="off"
                readOnly={fromEnvironment}
                inputClassName={fromEnvironment ? 'bg-muted' : undefined}
                className="sm:col-span-2"
              />
              <TextField
                name="clientId"
                label="Client ID"
                autoComplete="off"
                readOnly={fromEnvironment}
                inputClassName={fromEnvironment ? 'bg-muted' : undefined}
              />
              <ClientSecretField key={version} secretSet={data.clientSecretSet} readOnly={fromEnvironment} />
              <TextField
                name="providerName"
                label="Provider name"
                hint='Shown on the sign-in button: "Sign in with …"'
                autoComplete="off"
                readOnly={fromEnvironment}
                inputClassName={fromEnvironment ? 'bg-muted' : undefined}
              />
              <DomainsField readOnly={fromEnvironment} />
              <PasswordSignInSwitch
                control={form.control}
                configured={configured}
                forced={data.passwordSignInForced}
              />
            </div>
            <div className="flex justify-end border-t border-border pt-5">
              <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
                {save.isPending ? 'Saving...' : 'Save Single Sign-On'}
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
