import { createClientRequest } from '@contract/billing';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  applyServerErrors,
  CheckboxField,
  FormDialog,
  TextareaField,
  TextField,
  useZodForm,
} from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useCreateClient } from './api';

/** Adds a client (docs/product/billing.md#clients): name, contact, currency, note, billable default. */
export function ClientDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('billing');
  const create = useCreateClient();
  const form = useZodForm(createClientRequest, {
    defaultValues: { name: '', contact: '', currency: 'EUR', note: '', billable: true },
  });
  const submit = (body: z.output<typeof createClientRequest>) =>
    create.mutate(
      { body },
      {
        onSuccess: (client) => {
          toast({ title: t('clients.created'), description: client.name });
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ variant: 'destructive', title: t('clients.createFailed'), description: error.message });
        },
      },
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={submit}
      testId="client-dialog"
      title={t('clients.dialogTitle')}
      description={t('clients.dialogDescription')}
      idPrefix="client"
      submitLabel={t('clients.create')}
      pendingLabel={t('clients.creating')}
      pending={create.isPending}
    >
      <TextField name="name" label={t('clients.name')} maxLength={120} autoFocus />
      <TextField name="contact" label={t('clients.contact')} maxLength={200} />
      <TextField
        name="currency"
        label={t('clients.currency')}
        hint={t('clients.currencyHint')}
        maxLength={3}
      />
      <TextareaField name="note" label={t('clients.note')} maxLength={2000} />
      <CheckboxField name="billable" label={t('clients.billableDefault')} />
    </FormDialog>
  );
}
