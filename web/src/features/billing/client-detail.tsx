import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatDuration } from '@/lib/format';
import { formatMoneyList } from '@/lib/use-project-billing';
import { useClient } from './api';
import { ClientInvoices } from './client-invoices';
import { RatesList } from './rates';

/**
 * /clients/{id}: the client and its projects with this month's billable hours and amounts; for
 * admins its rates and invoices (a manager sees the rates of the projects they manage, not a client's).
 */
export function ClientDetail({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const { t } = useTranslation('billing');
  const client = useClient(id);
  const data = client.data;
  const money = data?.projects.some((p) => p.amounts !== null) ?? false;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <Link
        to="/clients"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {t('clients.title')}
      </Link>
      {client.error && <p role="alert">{client.error.message}</p>}
      {data && (
        <>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-foreground">{data.name}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {[data.currency, data.contact].filter(Boolean).join(' · ')}
            </p>
            {data.note && (
              <p className="mt-2 whitespace-pre-wrap text-sm text-muted-foreground">{data.note}</p>
            )}
          </div>
          <Card>
            <Table region={t('clients.projectsOf', { name: data.name })}>
              <caption className="sr-only">
                {t('clients.monthCaption', {
                  from: formatDate(data.month.from),
                  to: formatDate(data.month.to),
                })}
              </caption>
              <TableHeader>
                <TableRow>
                  <TableHead essential>{t('clients.project')}</TableHead>
                  <TableHead essential className="text-right">
                    {t('clients.billableMonth')}
                  </TableHead>
                  {money && <TableHead className="text-right">{t('clients.amountMonth')}</TableHead>}
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.projects.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={money ? 3 : 2} className="text-muted-foreground">
                      {t('clients.noProjects')}
                    </TableCell>
                  </TableRow>
                )}
                {data.projects.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>
                      <Link to={`/projects/${p.id}`} className="font-medium hover:underline">
                        {p.name}
                      </Link>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatDuration(p.billableSeconds)}
                    </TableCell>
                    {money && (
                      <TableCell className="text-right tabular-nums">{formatMoneyList(p.amounts)}</TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
          {isAdmin && (
            <Card className="p-4 sm:p-5">
              <RatesList
                scope={{ kind: 'client', clientId: data.id }}
                canManage
                title={t('rates.clientTitle')}
                none={t('rates.noneClient')}
                currency={data.currency}
                level={2}
              />
            </Card>
          )}
          {isAdmin && <ClientInvoices clientId={data.id} month={data.month} />}
        </>
      )}
    </div>
  );
}
