import { type ApiToken, createTokenRequest, TOKEN_EXPIRY_DAYS, type TokenScope } from '@contract/profile';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
import { applyServerErrors, Form, FormMessage, SelectField, TextField, useZodForm } from '@/components/form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { CopySecret } from '@/components/ui/copy-secret';
import { DialogFooter, DialogFrame } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatRelative } from '@/lib/format';
import { useCreateToken, useRevokeToken, useTokens } from './api';
import { CardHeading } from './card-heading';

const EMPTY = { name: '', expiresInDays: '30', scope: 'read' as TokenScope };
/** docs/product/profile.md#api-tokens: what each scope allows. */
const SCOPES = ['read', 'write'] as const satisfies readonly TokenScope[];

/** The new token, shown once with a copy button; closing forgets it (docs/product/profile.md#api-tokens). */
function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <DialogFrame
      open={token !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('tokens.newTitle')}
      description={<Trans t={t} i18nKey="tokens.newDescription" components={{ code: <code /> }} />}
    >
      {token && (
        <CopySecret
          value={token}
          testId="new-token"
          className="text-sm"
          copyLabel={t('tokens.copy')}
          copied={{
            title: t('tokens.copied'),
            description: t('tokens.copiedDescription'),
          }}
          failed={{ title: t('tokens.copyFailed'), description: t('tokens.copyByHand') }}
        />
      )}
      <DialogFooter>
        <Button onClick={onClose}>{t('tokens.done')}</Button>
      </DialogFooter>
    </DialogFrame>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation('profile');
  const revoke = useRevokeToken();
  return (
    <li data-testid="token-row" className="flex flex-wrap items-center gap-3 px-4 py-3">
      <KeyRound className="size-5 shrink-0 text-faint-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
          {token.name}
          <span className="font-mono text-xs text-muted-foreground">…{token.lastFour}</span>
          <Badge variant={token.scope === 'write' ? 'amber' : 'blue'}>
            {t(`tokens.scope.${token.scope}`)}
          </Badge>
          {token.status === 'expired' && <Badge variant="gray">{t('tokens.expired')}</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {t('tokens.meta', {
            status: token.status === 'expired' ? 'expired' : 'active',
            date: formatDate(token.expiresAt),
            used: token.lastUsedAt ? 'yes' : 'no',
            when: token.lastUsedAt ? formatRelative(token.lastUsedAt) : '',
          })}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('tokens.revokeLabel', { name: token.name })}
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(
            { params: { id: token.id } },
            {
              onSuccess: () =>
                toast({
                  title: t('tokens.revoked'),
                  description: t('tokens.revokedDescription', { name: token.name }),
                }),
              onError: (err) =>
                toast({ variant: 'destructive', title: t('tokens.revokeFailed'), description: err.message }),
            },
          )
        }
      >
        {t('tokens.revoke')}
      </Button>
    </li>
  );
}

/** Personal API tokens: create one with a name and an expiry, see it once, revoke it. */
export function TokensCard() {
  const { t } = useTranslation('profile');
  const tokens = useTokens();
  const expiryOptions = TOKEN_EXPIRY_DAYS.map((d) => ({
    value: String(d),
    label: t('tokens.days', { count: d }),
  }));
  const scopeOptions = SCOPES.map((s) => ({ value: s, label: t(`tokens.scope.${s}`) }));
  const create = useCreateToken();
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const form = useZodForm(createTokenRequest, { defaultValues: EMPTY });
  const submit = async (body: { name: string; expiresInDays: number; scope: TokenScope }) => {
    setError(null);
    try {
      const created = await create.mutateAsync({ body });
      form.reset(EMPTY);
      setShown(created.token);
    } catch (err) {
      if (!applyServerErrors(form, err)) setError(err instanceof Error ? err.message : t('tokens.failed'));
    }
  };
  const close = () => {
    setShown(null);
    create.reset();
  };
  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('tokens.title')}</CardHeading>
        <CardDescription>{t('tokens.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Form form={form} onSubmit={submit} idPrefix="api-token">
          <div className="grid items-start gap-4 sm:grid-cols-[1fr_10rem_11rem]">
            <TextField name="name" label={t('tokens.name')} hint={t('tokens.nameHint')} />
            <SelectField name="scope" label={t('tokens.access')} options={scopeOptions} />
            <SelectField name="expiresInDays" label={t('tokens.expiresAfter')} options={expiryOptions} />
          </div>
          <FormMessage>{error}</FormMessage>
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('tokens.creating') : t('tokens.create')}
            </Button>
          </div>
        </Form>
        {tokens.isPending ? (
          <Skeleton className="h-12" />
        ) : tokens.isError ? (
          <p role="alert" className="text-sm text-danger-foreground">
            {tokens.error.message}
          </p>
        ) : tokens.data.length === 0 ? (
          <EmptyState icon={KeyRound} title={t('tokens.empty')} description={t('tokens.emptyHint')} />
        ) : (
          <ul
            aria-label={t('tokens.title')}
            className="divide-y divide-border rounded-md border border-border"
          >
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </CardContent>
      <NewTokenDialog token={shown} onClose={close} />
    </Card>
  );
}
