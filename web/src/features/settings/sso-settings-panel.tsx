import { type SsoSettings, type SsoSettingsInput, ssoSettingsInput } from '@contract/sso';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
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
  const { t } = useTranslation('settings');
  return (
    <Field
      name="autoApproveDomains"
      label={t('sso.domains')}
      hint={t('sso.domainsHint')}
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
  const { t } = useTranslation('settings');
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
      placeholder={t('sso.domainsPlaceholder')}
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
  const { t } = useTranslation('settings');
  const [replacing, setReplacing] = useState(false);
  if (secretSet && !replacing) {
    return (
      <div className="grid gap-1.5">
        <span className="text-sm font-medium leading-none text-foreground">{t('sso.clientSecret')}</span>
        <div className="flex min-h-9 flex-wrap items-center gap-3">
          <span className="text-sm text-muted-foreground">{t('sso.secretSet')}</span>
          {!readOnly && (
            <Button type="button" variant="outline" size="sm" onClick={() => setReplacing(true)}>
              {t('sso.replaceSecret')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <TextField
      name="clientSecret"
      label={t('sso.clientSecret')}
      type="password"
      autoComplete="new-password"
      readOnly={readOnly}
      hint={secretSet ? t('sso.secretKeep') : t('sso.secretFrom')}
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
  const { t } = useTranslation('settings');
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
        {t('sso.passwordSignIn')}
      </label>
      <p className="text-xs text-muted-foreground">
        {forced
          ? t('sso.passwordForced')
          : configured
            ? t('sso.passwordOff')
            : t('sso.passwordConfigureFirst')}
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
  const { t } = useTranslation('settings');
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
          toast({ title: t('saved'), description: t('sso.savedDescription') });
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ title: t('saveFailed'), description: error.message, variant: 'destructive' });
        },
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sso.title')}</CardTitle>
        <CardDescription>
          <Trans
            t={t}
            i18nKey="sso.description"
            values={{ uri: `${window.location.origin}/api/auth/oidc/callback` }}
            components={{ code: <code className="break-all text-foreground" /> }}
          />
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
                {t('sso.fromEnvironment')}
              </p>
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="issuer"
                label={t('sso.issuer')}
                type="url"
                placeholder={t('sso.issuerPlaceholder')}
                autoComplete="off"
                readOnly={fromEnvironment}
                inputClassName={fromEnvironment ? 'bg-muted' : undefined}
                className="sm:col-span-2"
              />
              <TextField
                name="clientId"
                label={t('sso.clientId')}
                autoComplete="off"
                readOnly={fromEnvironment}
                inputClassName={fromEnvironment ? 'bg-muted' : undefined}
              />
              <ClientSecretField key={version} secretSet={data.clientSecretSet} readOnly={fromEnvironment} />
              <TextField
                name="providerName"
                label={t('sso.providerName')}
                hint={t('sso.providerNameHint')}
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
                {save.isPending ? t('saving') : t('sso.submit')}
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
