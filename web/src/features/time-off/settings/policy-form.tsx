import { type LeavePolicy, policySchema } from '@contract/time-off';
import { useEffect } from 'react';
import { applyServerErrors, Form, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { usePolicy, useSavePolicy } from '../api';

/** The organisation's entitlement and carry-over rules (docs/product/time-off.md#allowances). */
export function PolicyForm() {
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
        onSuccess: () => toast({ title: 'Allowance rules saved' }),
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ variant: 'destructive', title: 'Could not save', description: error.message });
        },
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Allowance</CardTitle>
        <CardDescription>
          Everyone’s yearly days (pro rata in the year they join), and how many unused days carry into the
          next year.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isLoading ? (
          <Skeleton className="h-24" />
        ) : (
          <Form form={form} onSubmit={submit} idPrefix="policy">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="entitlementDays" label="Days per year" type="number" step={0.5} min={0} />
              <TextField
                name="carryOverMaxDays"
                label="Carry over at most (days)"
                type="number"
                step={0.5}
                min={0}
              />
              <TextField
                name="carryOverUntil"
                label="Carried-over days expire after"
                hint="Month and day, MM-DD (e.g. 03-31)"
                placeholder="03-31"
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save rules'}
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
