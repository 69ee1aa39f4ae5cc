import { type LeavePolicy, policySchema } from '@contract/time-off';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Form, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { usePolicy, useSavePolicy } from '../api';

/** The organisation's entitlement and carry-over rules (docs/product/time-off.md#allowances). */
export function PolicyForm() {
  const { t } = useTranslation('time-off');
  const policy = usePolicy();
  const save = useSavePolicy();
  const form = useZodForm(policySchema);
  useEffect(() => {
    if (policy.data) form.reset(policy.data);
  }, [policy.data, form]);
  const submit = (values: LeavePolicy) =>
    save.mutate(
      { body: values },
      {
        onSuccess: () => toast({ title: t('settings.policy.saved') }),
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ variant: 'destructive', title: t('settings.saveFailed'), description: error.message });
        },
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.policy.title')}</CardTitle>
        <CardDescription>{t('settings.policy.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isLoading ? (
          <Skeleton className="h-24" />
        ) : (
          <Form form={form} onSubmit={submit} idPrefix="policy">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                name="entitlementDays"
                label={t('settings.policy.entitlement')}
                type="number"
                step={0.5}
                min={0}
              />
              <TextField
                name="carryOverMaxDays"
                label={t('settings.policy.carryOverMax')}
                type="number"
                step={0.5}
                min={0}
              />
              <TextField
                name="carryOverUntil"
                label={t('settings.policy.carryOverUntil')}
                hint={t('settings.policy.carryOverUntilHint')}
                placeholder="03-31"
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('settings.saving') : t('settings.policy.save')}
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
