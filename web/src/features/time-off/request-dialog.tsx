import { createRequestBody, type LeaveType } from '@contract/time-off';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('time-off');
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
  const type = types.data?.find((candidate) => candidate.id === values.typeId);
  const body = requestBody(values, type);
  const change = (next: boolean) => {
    setOpen(next);
    setRefusal(null);
  };
  return (
    <>
      <Button onClick={() => change(true)}>
        <CalendarPlus aria-hidden /> {t('request.button')}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={change}
        title={t('request.title')}
        description={t('request.description')}
        form={form}
        idPrefix="leave"
        submitLabel={t('request.submit')}
        pendingLabel={t('request.pending')}
        pending={request.isPending}
        testId="request-dialog"
        onSubmit={() => {
          setRefusal(null);
          request.mutate(
            { body: body as Parameters<typeof request.mutate>[0]['body'] },
            {
              onSuccess: (made) => {
                toast({
                  title: made.status === 'approved' ? t('request.booked') : t('request.sent'),
                  description: t('request.what', { type: made.typeName, range: formatRange(made, t) }),
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
          label={t('request.type')}
          placeholder={t('request.chooseType')}
          options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
        />
        <DateFields type={type} />
        <TextareaField name="note" label={t('request.note')} maxLength={500} rows={2} />
        <RequestPreview body={body} type={type} refusal={refusal} />
        <FormMessage testId="request-refusal">{refusal}</FormMessage>
      </FormDialog>
    </>
  );
}

function DateFields({ type }: { type: LeaveType | undefined }) {
  const { t } = useTranslation('time-off');
  if (type?.hours) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="startDate" label={t('request.day')} type="date" />
        <TextField name="hours" label={t('request.hours')} type="number" step={0.25} min={0.25} max={24} />
      </div>
    );
  }
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="startDate" label={t('request.firstDay')} type="date" />
        <TextField name="endDate" label={t('request.lastDay')} type="date" />
      </div>
      {type?.halfDays && (
        <div className="grid gap-2 sm:grid-cols-2">
          <CheckboxField name="startHalf" label={t('request.afternoonOnly')} />
          <CheckboxField name="endHalf" label={t('request.morningOnly')} />
        </div>
      )}
    </>
  );
}
