import { Copy, MailCheck, RefreshCw } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useVerificationCodes } from './codes-api';

async function copy(code: string, t: TFunction<'auth'>) {
  try {
    await navigator.clipboard.writeText(code);
    toast({ title: t('auth:codes.copied'), description: t('auth:codes.copiedDescription', { code }) });
  } catch {
    toast({
      variant: 'destructive',
      title: t('auth:codes.copyFailed'),
      description: t('auth:codes.copyByHand'),
    });
  }
}

/** Verification e-mails kept in the outbox (a testing aid): search by e-mail, refresh, copy. */
export function VerificationCodesList() {
  const { t } = useTranslation('auth');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const codes = useVerificationCodes(deferred);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchInput
          className="flex-1"
          aria-label={t('codes.searchLabel')}
          placeholder={t('codes.searchPlaceholder')}
          value={search}
          onValueChange={setSearch}
        />
        <Button variant="outline" onClick={() => void codes.refetch()} disabled={codes.isFetching}>
          <RefreshCw className={cn(codes.isFetching && 'animate-spin')} aria-hidden />
          {t('codes.refresh')}
        </Button>
      </div>
      <Card className="overflow-hidden">
        {codes.isLoading ? (
          <div className="flex flex-col gap-3 p-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : codes.isError ? (
          <EmptyState icon={MailCheck} title={t('codes.loadFailed')} description={codes.error.message} />
        ) : !codes.data?.length ? (
          <EmptyState
            icon={MailCheck}
            title={t('codes.empty')}
            description={search ? t('codes.noMatch') : t('codes.emptyHint')}
          />
        ) : (
          <ul className="divide-y">
            {codes.data.map((entry) => (
              <li
                key={`${entry.email}-${entry.timestamp}`}
                data-testid="verification-code"
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-foreground">{entry.email}</p>
                  <p className="text-xs text-muted-foreground">{formatDateTime(entry.timestamp)}</p>
                </div>
                <code className="rounded-md bg-muted px-2.5 py-1 font-mono text-base tracking-widest text-foreground">
                  {entry.code}
                </code>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('codes.copy', { email: entry.email })}
                  onClick={() => void copy(entry.code, t)}
                >
                  <Copy aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
