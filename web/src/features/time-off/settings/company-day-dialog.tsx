import { holidayOverrideRequest } from '@contract/time-off';
import { useState } from 'react';
import {
  applyServerErrors,
  CheckboxField,
  FormDialog,
  FormMessage,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDayShort } from '@/lib/format';
import { useAddHoliday } from '../api';

/** A day the organisation gives off (whole or half, e.g. 24 December afternoon). */
export function CompanyDayDialog({ year }: { year: number }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = useAddHoliday();
  const form = useZodForm(holidayOverrideRequest, {
    defaultValues: { kind: 'added', name: '', date: `${year}-12-24`, halfDay: false },
  });
  const change = (next: boolean) => {
    setOpen(next);
    setRefusal(null);
    if (next) form.reset({ kind: 'added', name: '', date: `${year}-12-24`, halfDay: false });
  };
  return (
    <>
      <Button onClick={() => change(true)}>Add a company day</Button>
      <FormDialog
        open={open}
        onOpenChange={change}
        title="Add a company day"
        description="A day off for everyone, on top of the public holidays."
        form={form}
        idPrefix="company-day"
        submitLabel="Add day"
        pendingLabel="Adding..."
        pending={add.isPending}
        testId="company-day-dialog"
        onSubmit={(values) => {
          setRefusal(null);
          add.mutate(
            { body: values },
            {
              onSuccess: (day) => {
                toast({ title: 'Company day added', description: `${formatDayShort(day.date)} ${day.name}` });
                change(false);
              },
              onError: (error) => {
                if (!applyServerErrors(form, error)) setRefusal(error.message);
              },
            },
          );
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="date" label="Date" type="date" />
          <TextField name="name" label="Name" maxLength={80} placeholder="Christmas Eve" />
        </div>
        <CheckboxField name="halfDay" label="Half day" hint="Half of the day's scheduled hours are off" />
        <FormMessage>{refusal}</FormMessage>
      </FormDialog>
    </>
  );
}
