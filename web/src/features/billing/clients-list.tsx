import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { useClients, useUpdateClient } from './api';
import { ClientDialog } from './client-dialog';

/** /clients: every client, with its currency and projects; managers and admins add and archive. */
export function ClientsList({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('billing');
  const [showArchived, setShowArchived] = useState(false);
  const clients = useClients(showArchived ? 'all' : 'false');
  const update = useUpdateClient();
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        className="mb-0"
        title={t('clients.title')}
        description={t('clients.description')}
        actions={
          canManage && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {t('clients.new')}
            </Button>
          )
        }
      />
      <label className="flex items-center gap-2 text-sm text-muted-foreground">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={showArchived}
          onChange={(e) => setShowArchived(e.target.checked)}
        />
        {t('clients.showArchived')}
      </label>
      <Card>
        {clients.data && clients.data.length === 0 ? (
          <EmptyState
            icon={Building2}
            title={t('clients.emptyTitle')}
            description={t('clients.emptyDescription')}
          />
        ) : (
          <Table region={t('clients.title')}>
            <TableHeader>
              <TableRow>
                <TableHead essential>{t('clients.name')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('clients.currency')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('clients.contact')}</TableHead>
                <TableHead essential className="text-right">
                  {t('clients.projects')}
                </TableHead>
                {canManage && <TableHead className="sr-only">{t('clients.actions')}</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {(clients.data ?? []).map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <Link to={`/clients/${c.id}`} className="font-medium text-foreground hover:underline">
                      {c.name}
                    </Link>
                    {c.archived && (
                      <Badge variant="gray" className="ml-2">
                        {t('clients.archived')}
                      </Badge>
                    )}
                    {/* On a phone the currency sits under the name rather than in a column of its own. */}
                    <span className="block text-xs text-muted-foreground sm:hidden">{c.currency}</span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{c.currency}</TableCell>
                  <TableCell className="hidden sm:table-cell">{c.contact || '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(c.projectCount)}</TableCell>
                  {canManage && (
                    <TableCell className="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() =>
                          update.mutate({ params: { id: c.id }, body: { archived: !c.archived } })
                        }
                      >
                        {c.archived ? t('clients.restore') : t('clients.archive')}
                        <span className="sr-only">: {c.name}</span>
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      {canManage && <ClientDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
