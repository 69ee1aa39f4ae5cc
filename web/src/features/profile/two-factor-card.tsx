import { type TwoFactorCodeRequest, twoFactorCodeRequest } from '@contract/auth';
import type { TwoFactorSetup } from '@contract/profile';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { applyServerErrors, Form, FormMessage, TextField, useZodForm } from '@/components/form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { copyWithToast } from '@/components/ui/copy-secret';
import { toast } from '@/components/ui/use-toast';
import { useStoredUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useDisableTwoFactor, useEnableTwoFactor, useStartTwoFactorSetup } from './api';
import { CardHeading } from './card-heading';

const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/** One code field and its button: confirming an enrolment and turning it off look alike. */
function CodeForm({
  idPrefix,
  label,
  hint,
  submitLabel,
  busy,
  onCode,
}: {
  idPrefix: string;
  label: string;
  hint: string;
  submitLabel: string;
  busy: boolean;
  onCode: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation('profile');
  const form = useZodForm(twoFactorCodeRequest, { defaultValues: { code: '' } });
  const [error, setError] = useState<string | null>(null);
  const submit = async ({ code }: TwoFactorCodeRequest) => {
    setError(null);
    try {
      await onCode(code);
      form.reset({ code: '' });
    } catch (err) {
      if (!applyServerErrors(form, err)) setError(errorText(err, t('common:errors.generic')));
    }
  };
  return (
    <Form form={form} onSubmit={submit} idPrefix={idPrefix}>
      <TextField name="code" label={label} hint={hint} autoComplete="one-time-code" />
      <FormMessage>{error}</FormMessage>
      <div>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** Saves the codes as a text file, one per line under a line saying whose they are. */
function downloadCodes(codes: string[], heading: string) {
  const url = URL.createObjectURL(new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'workbench-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The recovery codes, shown once right after enrolment, with ways to keep them: copy (for a password
 * manager) and download (docs/product/profile.md#two-factor).
 */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const copy = () =>
    copyWithToast(
      codes.join('\n'),
      { title: t('twoFactor.recoveryCopied'), description: t('twoFactor.recoveryCopiedDescription') },
      { title: t('twoFactor.recoveryCopyFailed'), description: t('twoFactor.recoveryCopyFailedDescription') },
    );
  return (
    <div className="grid gap-3">
      <p className="text-sm text-subtle-foreground">
        <Trans t={t} i18nKey="twoFactor.recoveryIntro" components={{ strong: <strong /> }} />
      </p>
      <ul
        aria-label={t('twoFactor.recoveryCodes')}
        className="grid grid-cols-2 gap-2 rounded-md border border-border bg-subtle p-3 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          {t('twoFactor.recoveryCopy')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            downloadCodes(codes, t('twoFactor.recoveryFileHeading', { email, date: formatDate(new Date()) }))
          }
        >
          <Download aria-hidden />
          {t('twoFactor.recoveryDownload')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('twoFactor.recoverySaved')}
        </Button>
      </div>
    </div>
  );
}

export function TwoFactorCard() {
  const { t } = useTranslation('profile');
  const user = useStoredUser();
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  if (!user) return null;
  const enabled = user.twoFactorEnabled;

  const begin = async () => {
    setStartError(null);
    try {
      setSetup(await start.mutateAsync({}));
    } catch (err) {
      setStartError(errorText(err, t('twoFactor.startFailed')));
    }
  };
  const confirm = async (code: string) => {
    const { recoveryCodes } = await enable.mutateAsync({ body: { code } });
    setSetup(null);
    setCodes(recoveryCodes);
  };
  const turnOff = async (code: string) => {
    await disable.mutateAsync({ body: { code } });
    toast({ title: t('twoFactor.turnedOff') });
  };

  return (
    <Card id="two-factor">
      <CardHeader>
        <CardHeading>
          <span className="flex flex-wrap items-center gap-2">
            {t('twoFactor.title')}
            {enabled ? (
              <Badge variant="green">{t('twoFactor.on')}</Badge>
            ) : (
              <Badge variant="gray">{t('twoFactor.off')}</Badge>
            )}
          </span>
        </CardHeading>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {user.twoFactorSetupRequired && !setup && !codes && (
          <p
            role="status"
            className="rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning-foreground"
          >
            {t('twoFactor.required')}
          </p>
        )}
        {codes ? (
          <RecoveryCodes codes={codes} email={user.email} onDone={() => setCodes(null)} />
        ) : setup ? (
          <div className="grid gap-4">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-subtle-foreground">
              <li>{t('twoFactor.stepScan')}</li>
              <li>{t('twoFactor.stepCode')}</li>
            </ol>
            <div className="flex flex-wrap items-start gap-4">
              <img
                src={setup.qrCode}
                alt={t('twoFactor.qrAlt')}
                width={176}
                height={176}
                className="rounded-md border border-border bg-card"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-subtle-foreground">{t('twoFactor.setupKey')}</p>
                <code data-testid="two-factor-secret" className="break-all font-mono text-foreground">
                  {setup.secret}
                </code>
              </div>
            </div>
            <CodeForm
              idPrefix="two-factor-enable"
              label={t('twoFactor.enableCode')}
              hint={t('twoFactor.enableHint')}
              submitLabel={enable.isPending ? t('twoFactor.checking') : t('twoFactor.enable')}
              busy={enable.isPending}
              onCode={confirm}
            />
          </div>
        ) : enabled ? (
          <CodeForm
            idPrefix="two-factor-disable"
            label={t('twoFactor.disableCode')}
            hint={t('twoFactor.disableHint')}
            submitLabel={disable.isPending ? t('twoFactor.turningOff') : t('twoFactor.disable')}
            busy={disable.isPending}
            onCode={turnOff}
          />
        ) : (
          <div className="grid gap-2">
            <div>
              <Button type="button" onClick={begin} disabled={start.isPending}>
                <ShieldCheck className="size-4" aria-hidden />
                {t('twoFactor.setUp')}
              </Button>
            </div>
            <FormMessageText text={startError} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function FormMessageText({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="text-sm text-danger-foreground">
      {text}
    </p>
  ) : null;
}
