import { usersApi } from '@contract/users';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useApiQuery } from '@/lib/api';
import { useBillingSettings, useUpdateBillingSettings } from './api';
import { RatesList } from './rates';

/**
 * The admin's billing settings (docs/product/billing.md#rates): the organisation's default billable
 * rate, each person's internal cost rate, and whether employees see their own amounts.
 */
export function BillingSettingsPanel() {
  const { t } = useTranslation('billing');
  const people = useApiQuery(usersApi.assignable, { query: { limit: 1000 } });
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t('settings.title')}</CardTitle>
          <CardDescription>{t('settings.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <EmployeesSeeAmounts />
          <RatesList
            scope={{ kind: 'organisation' }}
            canManage
            title={t('rates.organisationTitle')}
            none={t('rates.noneOrganisation')}
          />
          <RatesList
            scope={{ kind: 'cost', people: options }}
            canManage
            title={t('rates.costTitle')}
            none={t('rates.noneCost')}
          />
        </CardContent>
      </Card>
    </div>
  );
}

function EmployeesSeeAmounts() {
  const { t } = useTranslation('billing');
  const settings = useBillingSettings();
  const save = useUpdateBillingSettings();
  const on = settings.data?.employeesSeeAmounts ?? false;
  return (
    <label className="flex items-start gap-2 text-sm text-foreground">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={on}
        disabled={!settings.data || save.isPending}
        onChange={(e) =>
          save.mutate(
            { body: { employeesSeeAmounts: e.target.checked } },
            {
              onSuccess: () => toast({ title: t('settings.saved') }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('settings.saveFailed'),
                  description: error.message,
                }),
            },
          )
        }
      />
      <span>
        {t('settings.employeesSeeAmounts')}
        <span className="block text-xs text-muted-foreground">{t('settings.employeesSeeAmountsHint')}</span>
      </span>
    </label>
  );
}
