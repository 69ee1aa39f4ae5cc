import { type ProjectBilling, ROUNDING_MINUTES } from '@contract/billing';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  applyServerErrors,
  CheckboxField,
  FormDialog,
  type Option,
  SelectField,
  TextField,
  useZodForm,
} from '@/components/form';
import { BudgetBar } from '@/components/ui/budget-bar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDuration } from '@/lib/format';
import { formatMoney, useProjectBilling } from '@/lib/use-project-billing';
import { useClients, useSetProjectBilling } from './api';
import { fromMinor, fromSeconds, toMinor, toSeconds, typedAmount, typedCurrency } from './money-input';
import { RatesList } from './rates';

const NONE = 'none';
/** The dialog's fields as typed: hours and money in their usual units, thresholds as "80, 100". */
const billingForm = z.object({
  clientId: z.string().nullable(),
  billable: z.boolean(),
  roundingMinutes: z.enum(ROUNDING_MINUTES.map(String) as ['0', '6', '15', '30']),
  roundingScope: z.enum(['entry', 'day']),
  budgetKind: z.enum([NONE, 'hours', 'money']),
  budgetPeriod: z.enum(['total', 'month']),
  budgetAmount: typedAmount('budget_amount_invalid', true),
  budgetCurrency: typedCurrency(true),
  thresholds: z.string().regex(/^\s*\d{1,4}(\s*,\s*\d{1,4}){0,4}\s*$/, 'threshold_invalid'),
});
type BillingForm = z.infer<typeof billingForm>;

function valuesOf(b: ProjectBilling): BillingForm {
  const budget = b.budget;
  return {
    clientId: b.clientId,
    billable: b.billable,
    roundingMinutes: String(b.roundingMinutes) as BillingForm['roundingMinutes'],
    roundingScope: b.roundingScope,
    budgetKind: budget?.kind ?? NONE,
    budgetPeriod: budget?.period ?? 'total',
    budgetAmount: budget ? (budget.kind === 'hours' ? fromSeconds : fromMinor)(budget.amount) : '',
    budgetCurrency: budget?.currency ?? '',
    thresholds: (budget?.thresholds ?? [80, 100]).join(', '),
  };
}

/** The budget's figures: "12.5 h of 20 h" or "€1,200.00 of €2,000.00". */
function budgetLabel(b: ProjectBilling, t: (key: string, values?: Record<string, unknown>) => string) {
  if (!b.budget || !b.burn) return '';
  const of =
    b.budget.kind === 'hours'
      ? { used: formatDuration(b.burn.used), amount: formatDuration(b.budget.amount) }
      : {
          used: formatMoney({ currency: b.budget.currency ?? 'EUR', minor: b.burn.used }),
          amount: formatMoney({ currency: b.budget.currency ?? 'EUR', minor: b.budget.amount }),
        };
  return t(b.budget.period === 'month' ? 'billing:project.budgetMonth' : 'billing:project.budgetTotal', of);
}

/** A project's billing on its page (docs/product/billing.md): client, billable, rounding, budget, rates. */
export function ProjectBillingCard({
  projectId,
  canManage,
  people,
}: {
  projectId: string;
  canManage: boolean;
  /** the project's members, whose own rates on it the card lists */
  people: Option[];
}) {
  const { t } = useTranslation('billing');
  const billing = useProjectBilling(projectId);
  const [editing, setEditing] = useState(false);
  const b = billing.data;
  if (!b) return null;
  return (
    <Card className="grid gap-3 p-4 sm:p-5" aria-labelledby="project-billing">
      <div className="flex items-center justify-between gap-2">
        <h2 id="project-billing" className="text-base font-semibold">
          {t('project.title')}
        </h2>
        {canManage && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden /> {t('project.edit')}
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">{t('project.client')}</dt>
          <dd>{b.client ?? t('project.noClient')}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('project.billable')}</dt>
          <dd>{b.billable ? t('project.yes') : t('project.no')}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('project.rounding')}</dt>
          <dd>
            {b.roundingMinutes === 0
              ? t('project.roundingNone')
              : t(`project.roundingUp_${b.roundingScope}`, { minutes: b.roundingMinutes })}
          </dd>
        </div>
      </dl>
      {b.budget && b.burn && <BudgetBar share={b.burn.share} label={budgetLabel(b, t)} />}
      {b.moneyVisible && (
        <RatesList
          scope={{ kind: 'project', projectId, people }}
          canManage={canManage}
          title={t('rates.title')}
          none={t('rates.none')}
          currency={b.budget?.currency ?? 'EUR'}
        />
      )}
      {canManage && <ProjectBillingDialog billing={b} open={editing} onOpenChange={setEditing} />}
    </Card>
  );
}

function ProjectBillingDialog(props: {
  billing: ProjectBilling;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation('billing');
  const clients = useClients();
  const save = useSetProjectBilling();
  const form = useZodForm(billingForm, { defaultValues: valuesOf(props.billing) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (props.open) form.reset(valuesOf(props.billing));
  }, [props.open]);
  const submit = (v: BillingForm) => {
    const amount = (v.budgetKind === 'hours' ? toSeconds : toMinor)(v.budgetAmount);
    save.mutate(
      {
        params: { id: props.billing.projectId },
        body: {
          clientId: v.clientId,
          billable: v.billable,
          roundingMinutes: Number(v.roundingMinutes) as 0 | 6 | 15 | 30,
          roundingScope: v.roundingScope,
          budget:
            v.budgetKind === NONE
              ? null
              : {
                  kind: v.budgetKind,
                  period: v.budgetPeriod,
                  amount,
                  currency: v.budgetKind === 'money' ? v.budgetCurrency || null : null,
                  thresholds: v.thresholds.split(',').map((s) => Number(s.trim())),
                },
        },
      },
      {
        onSuccess: () => {
          toast({ title: t('project.saved') });
          props.onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ variant: 'destructive', title: t('project.saveFailed'), description: error.message });
        },
      },
    );
  };
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      form={form}
      onSubmit={submit}
      testId="project-billing-dialog"
      title={t('project.dialogTitle')}
      description={t('project.dialogDescription')}
      idPrefix="billing"
      submitLabel={t('project.save')}
      pendingLabel={t('project.saving')}
      pending={save.isPending}
    >
      <SelectField
        name="clientId"
        label={t('project.client')}
        noneLabel={t('project.noClient')}
        options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <CheckboxField name="billable" label={t('project.billableField')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          name="roundingMinutes"
          label={t('project.rounding')}
          options={ROUNDING_MINUTES.map((m) => ({
            value: String(m),
            label: m === 0 ? t('project.roundingNone') : t('project.roundingMinutes', { minutes: m }),
          }))}
        />
        <SelectField
          name="roundingScope"
          label={t('project.roundingScope')}
          options={[
            { value: 'entry', label: t('project.perEntry') },
            { value: 'day', label: t('project.perDay') },
          ]}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          name="budgetKind"
          label={t('project.budget')}
          options={[
            { value: NONE, label: t('project.noBudget') },
            { value: 'hours', label: t('project.budgetHours') },
            { value: 'money', label: t('project.budgetMoney') },
          ]}
        />
        <SelectField
          name="budgetPeriod"
          label={t('project.budgetPeriod')}
          options={[
            { value: 'total', label: t('project.periodTotal') },
            { value: 'month', label: t('project.periodMonth') },
          ]}
        />
        <TextField name="budgetAmount" label={t('project.budgetAmount')} inputMode="decimal" />
        <TextField name="budgetCurrency" label={t('project.budgetCurrency')} maxLength={3} />
      </div>
      <TextField name="thresholds" label={t('project.thresholds')} hint={t('project.thresholdsHint')} />
    </FormDialog>
  );
}
