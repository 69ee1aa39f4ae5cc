import { createLeaveTypeRequest, type LeaveType } from '@contract/time-off';
import { useEffect } from 'react';
import { applyServerErrors, CheckboxField, FormDialog, TextField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useCreateType, useUpdateType } from '../api';

const switches = [
  ['paid', 'Paid', 'Credited at the day’s scheduled hours'],
  ['allowance', 'Counts against the allowance', 'Taken from the yearly days'],
  ['approval', 'Needs approval', 'A manager (or an admin) decides; otherwise booked at once'],
  ['halfDays', 'Half days', 'May start in the afternoon or end at midday'],
  ['hours', 'In hours', 'Taken in hours on one day (not with half days)'],
  ['privateReason', 'Private reason', 'Colleagues see only “Out”'],
  ['compensation', 'Overtime compensation', 'Takes its hours from the overtime balance'],
  ['allowNegative', 'Allow a negative balance', 'May be taken beyond what is left'],
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
      toast({ variant: 'destructive', title: 'Could not save the type', description: error.message });
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={type ? `Edit ${type.name}` : 'New leave type'}
      description="What people can ask for, and how it counts."
      form={form}
      idPrefix="leave-type"
      submitLabel={type ? 'Save type' : 'Add type'}
      pendingLabel="Saving..."
      pending={create.isPending || update.isPending}
      testId="leave-type-dialog"
      onSubmit={(values) =>
        type
          ? update.mutate({ params: { id: type.id }, body: values }, done('Leave type saved'))
          : create.mutate({ body: values }, done('Leave type added'))
      }
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField name="name" label="Name" maxLength={60} />
        <TextField name="color" label="Colour" type="color" inputClassName="h-9 cursor-pointer p-1" />
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Rules</legend>
        {switches.map(([name, label, hint]) => (
          <CheckboxField key={name} name={name} label={label} hint={hint} />
        ))}
      </fieldset>
    </FormDialog>
  );
}
