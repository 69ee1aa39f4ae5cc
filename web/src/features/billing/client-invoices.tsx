import { billingApi, createInvoiceRequest } from '@contract/billing';
import { FileSpreadsheet, FileText, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, Form, FormMessage, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { apiUrl, useApiMutation, useApiQuery } from '@/lib/api';
import { formatDate, formatDuration } from '@/lib/format';
import { formatMoneyList } from '@/lib/use-project-billing';
import { timeEntriesApi } from '@contract/time-entries';
import { useState } from 'react';

const afterInvoice = [billingApi.invoices, billingApi.client, billingApi.billable, timeEntriesApi.list];

/**
 * A client's invoices (admins; docs/product/billing.md#invoices): mark a period's unbilled billable
 * time as invoiced with a reference, download each mark's file, or undo it.
 */
export function ClientInvoices({
  clientId,
  month,
}: {
  clientId: string;
  month: { from: string; to: string };
}) {
  const { t } = useTranslation('billing');
  const invoices = useApiQuery(billingApi.invoices, {});
  const mark = useApiMutation(billingApi.createInvoice, { refreshes: afterInvoice });
  const undo = useApiMutation(billingApi.removeInvoice, { refreshes: afterInvoice });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(createInvoiceRequest, {
    defaultValues: { clientId, from: month.from, to: month.to, reference: '' },
  });
  const submit = (body: z.output<typeof createInvoiceRequest>) => {
    setFailure(null);
    mark.mutate(
      { body },
      {
        onSuccess: (invoice) => {
          toast({ title: t('invoices.marked'), description: invoice.reference });
          form.reset({ clientId, from: month.from, to: month.to, reference: '' });
        },
        onError: (error) => {
          if (!applyServerErrors(form, error)) setFailure(error.message);
        },
      },
    );
  };
  const mine = (invoices.data ?? []).filter((i) => i.clientId === clientId);
  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <h2 className="text-base font-semibold">{t('invoices.title')}</h2>
      <Form
        form={form}
        onSubmit={submit}
        idPrefix="invoice"
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
      >
        <TextField name="from" label={t('invoices.from')} type="date" />
        <TextField name="to" label={t('invoices.to')} type="date" />
        <TextField name="reference" label={t('invoices.reference')} maxLength={100} />
        <Button type="submit" disabled={mark.isPending}>
          {mark.isPending ? t('invoices.marking') : t('invoices.mark')}
        </Button>
        <FormMessage>{failure}</FormMessage>
      </Form>
      {mine.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('invoices.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {mine.map((i) => (
            <li
              key={i.id}
              className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium">{i.reference}</p>
                <p className="text-muted-foreground">
                  {t('invoices.line', {
                    from: formatDate(i.from),
                    to: formatDate(i.to),
                    hours: formatDuration(i.billableSeconds),
                    amounts: formatMoneyList(i.amounts),
                  })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a
                    href={apiUrl(billingApi.invoiceExport, {
                      params: { id: i.id },
                      query: { format: 'csv' },
                    })}
                    download
                  >
                    <FileText aria-hidden /> {t('invoices.csv')}
                  </a>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <a
                    href={apiUrl(billingApi.invoiceExport, {
                      params: { id: i.id },
                      query: { format: 'xlsx' },
                    })}
                    download
                  >
                    <FileSpreadsheet aria-hidden /> {t('invoices.excel')}
                  </a>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => undo.mutate({ params: { id: i.id } })}>
                  <Undo2 aria-hidden /> {t('invoices.undo')}
                  <span className="sr-only">: {i.reference}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
