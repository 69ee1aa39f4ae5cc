import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@contract/admin';
import type { TFunction } from 'i18next';
import { FileText, ScrollText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { adminApi } from '@contract/admin';
import { type AuditFilters, useAuditLog, useEveryone } from './api';

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && 'from' in v && 'to' in v;

/**
 * Details worth a column: the e-mail tried or invited, a change as "old → new" (a role change, each
 * field of `changes`), the reason, the address. Ids are left out: the row names the people.
 */
function describe({ details, email }: Pick<AuditEntry, 'details' | 'email'>, t: TFunction<'admin'>): string {
  const { from, to, changes, ...rest } = details ?? {};
  const parts: string[] = email ? [t('admin:audit.email', { email })] : [];
  if (from !== undefined && to !== undefined) parts.push(`${shown(from)} → ${shown(to)}`);
  if (changes && typeof changes === 'object') {
    for (const [field, change] of Object.entries(changes)) {
      parts.push(
        isChange(change)
          ? `${field}: ${shown(change.from)} → ${shown(change.to)}`
          : `${field}: ${shown(change)}`,
      );
    }
  }
  for (const [key, v] of Object.entries(rest)) if (!key.endsWith('Id')) parts.push(`${key}: ${shown(v)}`);
  return parts.join(' · ');
}

function Person({ person }: { person: AuditEntry['actor'] }) {
  if (!person) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="min-w-0">
      <p className="truncate-wide font-medium text-foreground">{person.name}</p>
      <p className="truncate-wide text-xs text-muted-foreground">{person.email}</p>
    </div>
  );
}

function DateFilter(props: { id: string; label: string; value?: string; onChange: (v?: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id} className="text-xs text-muted-foreground">
        {props.label}
      </Label>
      <Input
        id={props.id}
        type="date"
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value || undefined)}
      />
    </div>
  );
}

/** Who did what to whom and when: filterable, a page at a time, exportable as CSV. */
export function AuditLogTab() {
  const { t } = useTranslation('admin');
  const actionOptions = useMemo(
    () =>
      (Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((value) => ({
        value,
        label: t(`audit.actions.${value}`),
      })),
    [t],
  );
  const [filters, setFilters] = useState<AuditFilters>({});
  const set = (patch: AuditFilters) => setFilters((f) => ({ ...f, ...patch }));
  const log = useAuditLog(filters);
  const people = useEveryone();
  const personOptions = (people.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.firstName} ${u.lastName}`,
  }));
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-heading" className="text-lg font-semibold text-foreground">
          {t('audit.heading')}
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={apiUrl(adminApi.auditExport, { query: filters })} download>
            <FileText aria-hidden /> {t('audit.export')}
          </a>
        </Button>
      </div>
      <div className="grid grid-cols-1 items-end gap-3 rounded-lg border bg-card p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        <FilterSelect
          id="audit-actor"
          label={t('audit.actor')}
          value={filters.actorId}
          allLabel={t('audit.anyone')}
          options={personOptions}
          onChange={(actorId) => set({ actorId })}
        />
        <FilterSelect
          id="audit-target"
          label={t('audit.target')}
          value={filters.targetId}
          allLabel={t('audit.anyone')}
          options={personOptions}
          onChange={(targetId) => set({ targetId })}
        />
        <FilterSelect
          id="audit-action"
          label={t('audit.action')}
          value={filters.action}
          allLabel={t('audit.allActions')}
          options={actionOptions}
          onChange={(action) => set({ action: action as AuditAction | undefined })}
        />
        <DateFilter
          id="audit-from"
          label={t('audit.from')}
          value={filters.from}
          onChange={(from) => set({ from })}
        />
        <DateFilter id="audit-to" label={t('audit.to')} value={filters.to} onChange={(to) => set({ to })} />
      </div>
      <div className="rounded-lg border bg-card shadow-sm">
        {log.isPending ? (
          <Skeleton className="m-4 h-24" />
        ) : log.isError ? (
          <EmptyState icon={ScrollText} title={t('audit.loadFailed')} description={log.error.message} />
        ) : log.entries?.length === 0 ? (
          <EmptyState icon={ScrollText} title={t('audit.empty')} description={t('audit.emptyDescription')} />
        ) : (
          <>
            <Table region={t('audit.entries')}>
              <TableHeader>
                <TableRow>
                  <TableHead essential>{t('audit.when')}</TableHead>
                  <TableHead essential>{t('audit.action')}</TableHead>
                  <TableHead>{t('audit.actor')}</TableHead>
                  <TableHead>{t('audit.target')}</TableHead>
                  <TableHead>{t('audit.details')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {log.entries?.map((e) => (
                  <TableRow key={e.id} data-testid="audit-row">
                    {/* When and what wrap on a phone, so both fit without scrolling the table. */}
                    <TableCell className="min-w-24 sm:whitespace-nowrap">
                      <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                    </TableCell>
                    <TableCell className="min-w-28 sm:whitespace-nowrap">
                      {e.action in AUDIT_ACTIONS ? t(`audit.actions.${e.action}`) : e.action}
                    </TableCell>
                    <TableCell className="max-w-56">
                      <Person person={e.actor} />
                    </TableCell>
                    <TableCell className="max-w-56">
                      <Person person={e.target} />
                    </TableCell>
                    <TableCell className="min-w-48 text-xs text-subtle-foreground">
                      {describe(e, t)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <LoadMore pages={log} label={t('audit.loadMore')} />
          </>
        )}
      </div>
    </section>
  );
}
