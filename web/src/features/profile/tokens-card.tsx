import { type ApiToken, createTokenRequest, TOKEN_EXPIRY_DAYS, type TokenScope } from '@contract/profile';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
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
const expiryOptions = TOKEN_EXPIRY_DAYS.map((d) => ({ value: String(d), label: `${d} days` }));
/** docs/product/profile.md#api-tokens: what each scope allows. */
const scopeOptions = [
  { value: 'read', label: 'Read only' },
  { value: 'write', label: 'Read and write' },
];
const scopeLabel: Record<TokenScope, string> = { read: 'Read only', write: 'Read and write' };

/** The new token, shown once with a copy button; closing forgets it (docs/product/profile.md#api-tokens). */
function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  return (
    <DialogFrame
      open={token !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Your new API token"
      description={
        <>
          Copy it now: it is shown only this once. Send it as <code>Authorization: Bearer …</code>.
        </>
      }
    >
      {token && (
        <CopySecret
          value={token}
          testId="new-token"
          className="text-sm"
          copyLabel="Copy token"
          copied={{
            title: 'Token copied',
            description: 'Keep it somewhere safe: it will not be shown again.',
          }}
          failed={{ title: 'Copy failed', description: 'Select the token and copy it by hand.' }}
        />
      )}
      <DialogFooter>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </DialogFrame>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeToken();
  return (
    <li data-testid="token-row" className="flex flex-wrap items-center gap-3 px-4 py-3">
      <KeyRound className="size-5 shrink-0 text-faint-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
          {token.name}
          <span className="font-mono text-xs text-muted-foreground">…{token.lastFour}</span>
          <Badge variant={token.scope === 'write' ? 'amber' : 'blue'}>{scopeLabel[token.scope]}</Badge>
          {token.status === 'expired' && <Badge variant="gray">Expired</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {token.status === 'expired' ? 'Expired' : 'Expires'} {formatDate(token.expiresAt)} ·{' '}
          {token.lastUsedAt ? `last used ${formatRelative(token.lastUsedAt)}` : 'never used'}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Revoke token: ${token.name}`}
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(
            { params: { id: token.id } },
            {
              onSuccess: () =>
                toast({ title: 'Token revoked', description: `${token.name} no longer works.` }),
              onError: (err) =>
                toast({ variant: 'destructive', title: 'Revoke failed', description: err.message }),
            },
          )
        }
      >
        Revoke
      </Button>
    </li>
  );
}

/** Personal API tokens: create one with a name and an expiry, see it once, revoke it. */
export function TokensCard() {
  const tokens = useTokens();
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
      if (!applyServerErrors(form, err))
        setError(err instanceof Error ? err.message : 'Failed to create token');
    }
  };
  const close = () => {
    setShown(null);
    create.reset();
  };
  return (
    <Card>
      <CardHeader>
        <CardHeading>API tokens</CardHeading>
        <CardDescription>
          Let a script or another program use the API as you, with your role: read only, or read and write. A
          token never changes your password, two-factor sign-in, sessions or tokens. Revoke one you no longer
          use.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Form form={form} onSubmit={submit} idPrefix="api-token">
          <div className="grid items-start gap-4 sm:grid-cols-[1fr_10rem_11rem]">
            <TextField name="name" label="Token name" hint="What it is for, e.g. “Nightly export”." />
            <SelectField name="scope" label="Access" options={scopeOptions} />
            <SelectField name="expiresInDays" label="Expires after" options={expiryOptions} />
          </div>
          <FormMessage>{error}</FormMessage>
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create token'}
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
          <EmptyState
            icon={KeyRound}
            title="No API tokens"
            description="Tokens you create are listed here."
          />
        ) : (
          <ul aria-label="API tokens" className="divide-y divide-border rounded-md border border-border">
            {tokens.data.map((t) => (
              <TokenRow key={t.id} token={t} />
            ))}
          </ul>
        )}
      </CardContent>
      <NewTokenDialog token={shown} onClose={close} />
    </Card>
  );
}
