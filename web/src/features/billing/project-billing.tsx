import { CURRENCY_INVALID, type ProjectBilling, ROUNDING_MINUTES } from '@contract/billing';
import { isoDate } from '@contract/common';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  applyServerErrors,
  CheckboxField,
  FormDialog,
  SelectField,
  TextField,
  useZodForm,
} from '@/components/form';
import { BudgetBar } from '@/components/ui/budget-bar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatDuration } from '@/lib/format';
import { formatMoney, useProjectBilling } from '@/lib/use-project-billing';
import { useClients, useCreateRate, useRates, useRemoveRate, useSetProjectBilling } from './api';

const NONE = 'none';
/** The dialog's fields as typed: hours and money in their usual units, thresholds as "80, 100". */
const billingForm = z.object({
  clientId: z.string().nullable(),
  billable: z.boolean(),
  roundingMinutes: z.enum(ROUNDING_MINUTES.map(String) as ['0', '6', '15', '30']),
  roundingScope: z.enum(['entry', 'day']),
  budgetKind: z.enum([NONE, 'hours', 'money']),
  budgetPeriod: z.enum(['total', 'month']),
  budgetAmount: z.string().regex(/^(\d+([.,]\d{1,2})?)?$/, 'budget_amount_invalid'),
  budgetCurrency: z.string().regex(/^([A-Z]{3})?$/, CURRENCY_INVALID),
  thresholds: z.string().regex(/^\s*\d{1,4}(\s*,\s*\d{1,4}){0,4}\s*$/, 'threshold_invalid'),
});
type BillingForm = z.infer<typeof billingForm>;

const toMinor = (typed: string) => Math.round(Number(typed.replace(',', '.')) * 100);

function valuesOf(b: ProjectBilling): BillingForm {
  const budget = b.budget;
  return {
    clientId: b.clientId,
    billable: b.billable,
    roundingMinutes: String(b.roundingMinutes) as BillingForm['roundingMinutes'],
    roundingScope: b.roundingScope,
    budgetKind: budget?.kind ?? NONE,
    budgetPeriod: budget?.period ?? 'total',
    budgetAmount: budget ? String(budget.kind === 'hours' ? budget.amount / 3600 : budget.amount / 100) : '',
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
export function ProjectBillingCard({ projectId, canManage }: { projectId: string; canManage: boolean }) {
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
      {b.moneyVisible && <ProjectRates projectId={projectId} canManage={canManage} />}
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
    const amount =
      v.budgetKind === 'hours'
        ? Math.round(Number(v.budgetAmount.replace(',', '.')) * 3600)
        : toMinor(v.budgetAmount);
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

const rateForm = z.object({
  amount: z.string().regex(/^\d+([.,]\d{1,2})?$/, 'rate_amount_invalid'),
  currency: z.string().regex(/^[A-Z]{3}$/, CURRENCY_INVALID),
  effectiveFrom: isoDate,
});

/** The project's own rates (and its people's), newest first; managers of the project add and delete them. */
function ProjectRates({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation('billing');
  const rates = useRates(projectId, true);
  const remove = useRemoveRate();
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('rates.title')}</h3>
        {canManage && (
          <Button variant="ghost" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> {t('rates.add')}
          </Button>
        )}
      </div>
      {(rates.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('rates.none')}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {(rates.data ?? []).map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-2">
              <span>
                {t('rates.line', {
                  amount: formatMoney({ currency: r.currency, minor: r.amountMinor }),
                  from: formatDate(r.effectiveFrom),
                })}
                {r.scope === 'person' && ` · ${r.label.split(' · ').pop()}`}
              </span>
              {canManage && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('rates.remove')}
                  onClick={() => remove.mutate({ params: { id: r.id } })}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && <RateDialog projectId={projectId} open={adding} onOpenChange={setAdding} />}
    </div>
  );
}

function RateDialog(props: { projectId: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation('billing');
  const create = useCreateRate();
  const form = useZodForm(rateForm, {
    defaultValues: { amount: '', currency: 'EUR', effectiveFrom: new Date().toISOString().slice(0, 10) },
  });
  const submit = (v: z.infer<typeof rateForm>) =>
    create.mutate(
      {
        body: {
          projectId: props.projectId,
          amountMinor: toMinor(v.amount),
          currency: v.currency,
          effectiveFrom: v.effectiveFrom,
        },
      },
      {
        onSuccess: () => {
          toast({ title: t('rates.added') });
          form.reset();
          props.onOpenChange(false);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      form={form}
      onSubmit={submit}
      testId="rate-dialog"
      title={t('rates.dialogTitle')}
      description={t('rates.dialogDescription')}
      idPrefix="rate"
      submitLabel={t('rates.add')}
      pendingLabel={t('rates.adding')}
      pending={create.isPending}
    >
      <TextField name="amount" label={t('rates.amount')} inputMode="decimal" />
      <TextField name="currency" label={t('rates.currency')} maxLength={3} />
      <TextField name="effectiveFrom" label={t('rates.effectiveFrom')} type="date" />
    </FormDialog>
  );
}
