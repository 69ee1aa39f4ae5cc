import { holidayOverrideRequest } from '@contract/time-off';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('time-off');
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
      <Button onClick={() => change(true)}>{t('settings.companyDay.button')}</Button>
      <FormDialog
        open={open}
        onOpenChange={change}
        title={t('settings.companyDay.title')}
        description={t('settings.companyDay.description')}
        form={form}
        idPrefix="company-day"
        submitLabel={t('settings.companyDay.submit')}
        pendingLabel={t('settings.companyDay.pending')}
        pending={add.isPending}
        testId="company-day-dialog"
        onSubmit={(values) => {
          setRefusal(null);
          add.mutate(
            { body: values },
            {
              onSuccess: (day) => {
                toast({
                  title: t('settings.companyDay.added'),
                  description: t('settings.companyDay.addedDescription', {
                    date: formatDayShort(day.date),
                    name: day.name,
                  }),
                });
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
          <TextField name="date" label={t('settings.companyDay.date')} type="date" />
          <TextField
            name="name"
            label={t('settings.companyDay.name')}
            maxLength={80}
            placeholder={t('settings.companyDay.namePlaceholder')}
          />
        </div>
        <CheckboxField
          name="halfDay"
          label={t('settings.companyDay.halfDay')}
          hint={t('settings.companyDay.halfDayHint')}
        />
        <FormMessage>{refusal}</FormMessage>
      </FormDialog>
    </>
  );
}
