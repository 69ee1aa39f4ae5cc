import type { CreateRateRequest, Rate } from '@contract/billing';
import { isoDate } from '@contract/common';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  applyServerErrors,
  FormDialog,
  type Option,
  SelectField,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format';
import { formatMoney } from '@/lib/use-project-billing';
import { useCreateRate, useRates, useRemoveRate } from './api';
import { toMinor, typedAmount, typedCurrency } from './money-input';

/**
 * Which rates a list shows and adds (docs/product/billing.md#rates): the organisation's default, a
 * client's, a project's (with its people's: `people` are the project's members), or the people's
 * internal cost rates (admins only).
 */
export type RateScope =
  | { kind: 'organisation' }
  | { kind: 'client'; clientId: string }
  | { kind: 'project'; projectId: string; people: Option[] }
  | { kind: 'cost'; people: Option[] };

const queryOf = (scope: RateScope) =>
  scope.kind === 'client'
    ? { clientId: scope.clientId }
    : scope.kind === 'project'
      ? { projectId: scope.projectId }
      : {};

/** The rates of a list: GET /api/rates narrows by client or project; the organisation's and the cost rates by scope. */
const belongs = (scope: RateScope) => (r: Rate) =>
  scope.kind === 'project'
    ? r.scope === 'project' || r.scope === 'person'
    : r.scope === (scope.kind === 'cost' ? 'cost' : scope.kind);

/** The person a rate is for (a person-on-project or cost rate), as the list shows it. */
const personOf = (r: Rate) =>
  r.scope === 'person' || r.scope === 'cost' ? r.label.split(' · ').pop() : null;

/**
 * One list of rates, newest first, each "€90.00 per hour from 1 Jan 2025" (and whose it is); those
 * allowed (`canManage`) add a rate from a day on and delete one. Shown only to who may see money.
 */
export function RatesList({
  scope,
  canManage,
  title,
  none,
  currency = 'EUR',
  level = 3,
}: {
  scope: RateScope;
  canManage: boolean;
  title: string;
  none: string;
  /** the currency a new rate starts in */
  currency?: string;
  /** its heading's level in the page's outline */
  level?: 2 | 3;
}) {
  const { t } = useTranslation('billing');
  const rates = useRates(queryOf(scope));
  const remove = useRemoveRate();
  const [adding, setAdding] = useState(false);
  const list = (rates.data ?? []).filter(belongs(scope));
  const id = `rates-${scope.kind}`;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="grid gap-2" aria-labelledby={id} data-testid={id}>
      <div className="flex items-center justify-between gap-2">
        <Heading id={id} className={level === 2 ? 'text-base font-semibold' : 'text-sm font-semibold'}>
          {title}
        </Heading>
        {canManage && (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> {t('rates.add')}
            <span className="sr-only">: {title}</span>
          </Button>
        )}
      </div>
      {rates.error && (
        <p role="alert" className="text-sm text-destructive">
          {rates.error.message}
        </p>
      )}
      {rates.data && list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{none}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {list.map((r) => {
            const line = t('rates.line', {
              amount: formatMoney({ currency: r.currency, minor: r.amountMinor }),
              from: formatDate(r.effectiveFrom),
            });
            const person = personOf(r);
            return (
              <li key={r.id} className="flex min-h-9 items-center justify-between gap-2" data-testid="rate">
                <span className="min-w-0">
                  {person && <span className="font-medium">{person} · </span>}
                  <span className="tabular-nums">{line}</span>
                </span>
                {canManage && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('rates.removeOne', { rate: person ? `${person} · ${line}` : line })}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { params: { id: r.id } },
                        {
                          onSuccess: () => toast({ title: t('rates.removed') }),
                          onError: (error) =>
                            toast({
                              variant: 'destructive',
                              title: t('rates.removeFailed'),
                              description: error.message,
                            }),
                        },
                      )
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canManage && <RateDialog scope={scope} currency={currency} open={adding} onOpenChange={setAdding} />}
    </section>
  );
}

/** The rate dialog's fields as typed; a cost rate names its person, a project's rate may. */
export const rateFormOf = (personRequired: boolean) =>
  z
    .object({
      userId: z.string().nullable(),
      amount: typedAmount('rate_amount_invalid'),
      currency: typedCurrency(),
      effectiveFrom: isoDate,
    })
    .refine((v) => !personRequired || !!v.userId, { message: 'user_invalid', path: ['userId'] });
type RateForm = z.infer<ReturnType<typeof rateFormOf>>;

/** The request a filled-in dialog sends for its list's scope. */
export function rateRequest(scope: RateScope, v: RateForm): CreateRateRequest {
  const rate = { amountMinor: toMinor(v.amount), currency: v.currency, effectiveFrom: v.effectiveFrom };
  switch (scope.kind) {
    case 'organisation':
      return rate;
    case 'client':
      return { ...rate, clientId: scope.clientId };
    case 'project':
      return { ...rate, projectId: scope.projectId, ...(v.userId ? { userId: v.userId } : {}) };
    case 'cost':
      return { ...rate, kind: 'cost', userId: v.userId ?? undefined };
  }
}

const today = () => new Date().toISOString().slice(0, 10);

/** The one dialog adding a rate of any scope: amount per hour, currency, effective from (and the person). */
function RateDialog(props: {
  scope: RateScope;
  currency: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation('billing');
  const { scope } = props;
  const create = useCreateRate();
  const people = scope.kind === 'project' || scope.kind === 'cost' ? scope.people : null;
  const form = useZodForm(rateFormOf(scope.kind === 'cost'), {
    defaultValues: { userId: null, amount: '', currency: props.currency, effectiveFrom: today() },
  });
  const submit = (v: RateForm) =>
    create.mutate(
      { body: rateRequest(scope, v) },
      {
        onSuccess: () => {
          toast({ title: t('rates.added') });
          form.reset();
          props.onOpenChange(false);
        },
        onError: (error) => {
          if (!applyServerErrors(form, error))
            toast({ variant: 'destructive', title: t('rates.addFailed'), description: error.message });
        },
      },
    );
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      form={form}
      onSubmit={submit}
      testId="rate-dialog"
      title={t(`rates.dialogTitle_${scope.kind}`)}
      description={t(`rates.dialogDescription_${scope.kind}`)}
      idPrefix="rate"
      submitLabel={t('rates.add')}
      pendingLabel={t('rates.adding')}
      pending={create.isPending}
    >
      {people && (
        <SelectField
          name="userId"
          label={t('rates.person')}
          noneLabel={scope.kind === 'project' ? t('rates.everyone') : undefined}
          placeholder={t('rates.choosePerson')}
          emptyText={t('rates.noPeople')}
          options={people}
        />
      )}
      <TextField name="amount" label={t('rates.amount')} inputMode="decimal" />
      <TextField name="currency" label={t('rates.currency')} maxLength={3} />
      <TextField name="effectiveFrom" label={t('rates.effectiveFrom')} type="date" />
    </FormDialog>
  );
}
