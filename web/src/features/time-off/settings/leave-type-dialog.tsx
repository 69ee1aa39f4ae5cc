import { createLeaveTypeRequest, type LeaveType } from '@contract/time-off';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, CheckboxField, FormDialog, TextField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useCreateType, useUpdateType } from '../api';

/** The type's rules as switches; their words are settings.type.switch.<name> and <name>Hint. */
const switches = [
  'paid',
  'allowance',
  'approval',
  'halfDays',
  'hours',
  'privateReason',
  'compensation',
  'allowNegative',
] as const;

const blank = {
  name: '',
  color: '#0ea5e9',
  paid: true,
  allowance: false,
  approval: true,
  halfDays: true,
  hours: false,
  privateReason: false,
  compensation: false,
  allowNegative: false,
};

/** Add a leave type, or change one (docs/product/time-off.md#types). */
export function LeaveTypeDialog({
  open,
  type,
  onClose,
}: {
  open: boolean;
  /** the type to change; none: a new one */
  type: LeaveType | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('time-off');
  const create = useCreateType();
  const update = useUpdateType();
  const form = useZodForm(createLeaveTypeRequest, { defaultValues: blank });
  useEffect(() => {
    if (open) form.reset(type ? { ...blank, ...type } : blank);
  }, [open, type, form]);
  const done = (title: string) => ({
    onSuccess: (saved: LeaveType) => {
      toast({ title, description: saved.name });
      onClose();
    },
    onError: (error: Error) => {
      applyServerErrors(form, error);
      toast({ variant: 'destructive', title: t('settings.type.saveFailed'), description: error.message });
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={type ? t('settings.type.editTitle', { name: type.name }) : t('settings.type.newTitle')}
      description={t('settings.type.description')}
      form={form}
      idPrefix="leave-type"
      submitLabel={type ? t('settings.type.save') : t('settings.type.add')}
      pendingLabel={t('settings.saving')}
      pending={create.isPending || update.isPending}
      testId="leave-type-dialog"
      onSubmit={(values) =>
        type
          ? update.mutate({ params: { id: type.id }, body: values }, done(t('settings.type.saved')))
          : create.mutate({ body: values }, done(t('settings.type.added')))
      }
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField name="name" label={t('settings.type.name')} maxLength={60} />
        <TextField
          name="color"
          label={t('settings.type.colour')}
          type="color"
          inputClassName="h-9 cursor-pointer p-1"
        />
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">{t('settings.type.rules')}</legend>
        {switches.map((name) => (
          <CheckboxField
            key={name}
            name={name}
            label={t(`settings.type.switch.${name}`)}
            hint={t(`settings.type.switch.${name}Hint`)}
          />
        ))}
      </fieldset>
    </FormDialog>
  );
}
