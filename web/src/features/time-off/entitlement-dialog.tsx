import { entitlementRequest, type LeaveBalance } from '@contract/time-off';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormDialog, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { usePolicy, useSetEntitlement } from './api';
import { formatDays } from './format';

/**
 * An admin sets a person's own yearly entitlement, or puts them back on the organisation's
 * (docs/product/time-off.md#allowances). The server audits both.
 */
export function EntitlementDialog({
  balance,
  onClose,
}: {
  balance: LeaveBalance | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('time-off');
  const save = useSetEntitlement();
  const policy = usePolicy();
  const form = useZodForm(entitlementRequest);
  const own = balance?.ownEntitlementDays ?? null;
  const organisation = policy.data ? formatDays(policy.data.entitlementDays, t) : '…';
  const userId = balance?.userId;
  useEffect(() => {
    if (userId) form.reset({ days: own ?? undefined });
  }, [userId, own, form]);
  const send = (days: number | null) =>
    balance &&
    save.mutate(
      { params: { userId: balance.userId }, body: { days } },
      {
        onSuccess: (after) => {
          toast({
            title: days === null ? t('entitlement.cleared') : t('entitlement.done'),
            description: t('entitlement.doneDescription', {
              name: after.userName,
              days: formatDays(days ?? policy.data?.entitlementDays ?? after.entitlementDays, t),
            }),
          });
          onClose();
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ variant: 'destructive', title: t('entitlement.failed'), description: error.message });
        },
      },
    );
  return (
    <FormDialog
      open={balance !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('entitlement.title', { name: balance?.userName ?? '' })}
      description={
        own === null
          ? t('entitlement.descriptionDefault', { name: balance?.userName ?? '', days: organisation })
          : t('entitlement.descriptionOwn', {
              name: balance?.userName ?? '',
              days: formatDays(own, t),
              organisation,
            })
      }
      form={form}
      idPrefix="entitlement"
      submitLabel={t('entitlement.submit')}
      pendingLabel={t('entitlement.pending')}
      pending={save.isPending}
      testId="entitlement-dialog"
      onSubmit={(values) => send(values.days)}
    >
      <TextField
        name="days"
        label={t('entitlement.days')}
        type="number"
        step={0.5}
        min={0}
        max={366}
        hint={t('entitlement.daysHint')}
      />
      {own !== null && (
        <div>
          <Button
            type="button"
            variant="outline"
            className="h-auto min-h-9 w-full whitespace-normal py-2 sm:w-auto"
            disabled={save.isPending}
            onClick={() => send(null)}
          >
            {t('entitlement.useDefault', { days: organisation })}
          </Button>
        </div>
      )}
    </FormDialog>
  );
}
