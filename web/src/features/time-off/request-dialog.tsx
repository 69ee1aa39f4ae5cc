import { createRequestBody, type LeaveType } from '@contract/time-off';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  applyServerErrors,
  CheckboxField,
  FormDialog,
  FormMessage,
  SelectField,
  TextareaField,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useLeaveTypes, useRequestLeave } from './api';
import { formatRange } from './format';
import { type RequestValues, requestBody } from './preview';
import { RequestPreview } from './request-preview';

/**
 * "Request time off" (docs/product/time-off.md#requests): the type, the days (half ends where the
 * type has them) or the hours of an hourly type, a note; the server's preview shows the cost and
 * the balance after it, or why it would be refused, before anything is sent.
 */
export function RequestDialog({ today }: { today: string }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const types = useLeaveTypes();
  const request = useRequestLeave();
  const form = useZodForm(createRequestBody, {
    defaultValues: {
      typeId: '',
      startDate: today,
      endDate: today,
      startHalf: false,
      endHalf: false,
      note: '',
    },
  });
  const values = useWatch({ control: form.control }) as RequestValues;
  const type = types.data?.find((t) => t.id === values.typeId);
  const body = requestBody(values, type);
  const change = (next: boolean) => {
    setOpen(next);
    setRefusal(null);
  };
  return (
    <>
      <Button onClick={() => change(true)}>
        <CalendarPlus aria-hidden /> Request time off
      </Button>
      <FormDialog
        open={open}
        onOpenChange={change}
        title="Request time off"
        description="What it costs is worked out from your schedule, less public holidays."
        form={form}
        idPrefix="leave"
        submitLabel="Send request"
        pendingLabel="Sending..."
        pending={request.isPending}
        testId="request-dialog"
        onSubmit={() => {
          setRefusal(null);
          request.mutate(
            { body: body as Parameters<typeof request.mutate>[0]['body'] },
            {
              onSuccess: (made) => {
                toast({
                  title: made.status === 'approved' ? 'Time off booked' : 'Request sent',
                  description: `${made.typeName}, ${formatRange(made)}`,
                });
                form.reset();
                change(false);
              },
              onError: (error) => {
                if (!applyServerErrors(form, error)) setRefusal(error.message);
              },
            },
          );
        }}
      >
        <SelectField
          name="typeId"
          label="Type"
          placeholder="Choose a type"
          options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
        <DateFields type={type} />
        <TextareaField name="note" label="Note (optional)" maxLength={500} rows={2} />
        <RequestPreview body={body} type={type} refusal={refusal} />
        <FormMessage testId="request-refusal">{refusal}</FormMessage>
      </FormDialog>
    </>
  );
}

function DateFields({ type }: { type: LeaveType | undefined }) {
  if (type?.hours) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="startDate" label="Day" type="date" />
        <TextField name="hours" label="Hours" type="number" step={0.25} min={0.25} max={24} />
      </div>
    );
  }
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="startDate" label="First day" type="date" />
        <TextField name="endDate" label="Last day" type="date" />
      </div>
      {type?.halfDays && (
        <div className="grid gap-2 sm:grid-cols-2">
          <CheckboxField name="startHalf" label="First day: afternoon only" />
          <CheckboxField name="endHalf" label="Last day: morning only" />
        </div>
      )}
    </>
  );
}
