import { type CreateLabelRequest, createLabelRequest, type Label, labelColors } from '@contract/labels';
import { Check, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors, Form, TextField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCreateLabel, useDeleteLabel, useLabels, useUpdateLabel } from './api';
import { errorDescription } from './error-description';
import { LabelChip, labelTextColor } from './task-labels';

type LabelForm = UseFormReturn<CreateLabelRequest, unknown, FieldValues>;

/**
 * The label colours as radio buttons, each a swatch named by its colour for screen readers (and as a
 * tooltip): nine colours on which black or white text reads at 4.5:1 or more (the chip picks which).
 */
function ColorChoice({ form, idPrefix }: { form: LabelForm; idPrefix: string }) {
  const { t } = useTranslation('tasks');
  const chosen = form.watch('color');
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-foreground">{t('labels.color')}</legend>
      <div className="flex flex-wrap gap-2">
        {labelColors.map((c) => {
          const name = t(`labels.colors.${c.slice(1)}`);
          return (
            <label key={c} className="relative" title={name}>
              <input
                type="radio"
                value={c}
                id={`${idPrefix}-color-${c.slice(1)}`}
                className="peer sr-only"
                {...form.register('color')}
              />
              <span className="sr-only">{name}</span>
              <span
                aria-hidden
                className="flex size-8 cursor-pointer items-center justify-center rounded-full ring-offset-2 ring-offset-background peer-checked:ring-2 peer-checked:ring-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
                style={{ backgroundColor: c, color: labelTextColor(c) }}
              >
                {chosen === c && <Check className="size-4" />}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** One label: its chip, Rename/recolour in place, Delete (asks first). */
function LabelRow({ label }: { label: Label }) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateLabel();
  const remove = useDeleteLabel();
  const form = useZodForm(createLabelRequest, { defaultValues: { name: label.name, color: label.color } });
  if (editing)
    return (
      <li className="rounded-md border border-border p-3">
        <Form
          form={form}
          idPrefix={`label-${id}`}
          className="gap-3"
          onSubmit={(body) =>
            update.mutate(
              { params: { id: label.id }, body },
              {
                onSuccess: (saved) => {
                  setEditing(false);
                  toast({ title: t('labelsAdmin.saved'), description: saved.name });
                },
                onError: (error) => applyServerErrors(form, error),
              },
            )
          }
        >
          <TextField name="name" label={t('labelsAdmin.name')} maxLength={40} />
          <ColorChoice form={form} idPrefix={`label-${id}`} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                form.reset({ name: label.name, color: label.color });
                setEditing(false);
              }}
            >
              {t('common:actions.cancel')}
            </Button>
          </div>
        </Form>
      </li>
    );
  return (
    <li className="flex min-w-0 items-center gap-2 py-2" data-testid="label-row">
      <LabelChip label={label} className="max-w-none" />
      <span className="ml-auto flex shrink-0 gap-1">
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          onClick={() => {
            form.reset({ name: label.name, color: label.color });
            setEditing(true);
          }}
          aria-label={t('labelsAdmin.edit', { name: label.name })}
          title={t('common:actions.edit')}
        >
          <Pencil aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8 text-destructive hover:text-destructive"
          onClick={() => setDeleting(true)}
          aria-label={t('labelsAdmin.delete', { name: label.name })}
          title={t('common:actions.delete')}
        >
          <Trash2 aria-hidden />
        </Button>
      </span>
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('labelsAdmin.confirmTitle', { name: label.name })}
        description={t('labelsAdmin.confirmDescription')}
        confirmLabel={t('labelsAdmin.confirm')}
        pendingLabel={t('labelsAdmin.deleting')}
        pending={remove.isPending}
        destructive
        onConfirm={() =>
          remove.mutate(
            { params: { id: label.id } },
            {
              onSuccess: () => {
                setDeleting(false);
                toast({ title: t('labelsAdmin.deleted'), description: label.name });
              },
              onError: (error) => {
                setDeleting(false);
                toast({
                  variant: 'destructive',
                  title: t('toast.error'),
                  description: errorDescription(t('labelsAdmin.deleteFailed'), error),
                });
              },
            },
          )
        }
      />
    </li>
  );
}

/**
 * The organisation's labels (docs/product/tasks.md#labels): add one (name and colour), rename or
 * recolour one in place, delete one (the tasks carrying it lose it). For managers and admins, whom
 * the labels API lets keep them; the server checks again. `heading`: its own title (not under a page's).
 */
export function LabelsPanel({ heading = true }: { heading?: boolean }) {
  const { t } = useTranslation('tasks');
  const labels = useLabels();
  const create = useCreateLabel();
  const form = useZodForm(createLabelRequest, { defaultValues: { name: '', color: labelColors[5] } });
  // under the card's title (h3) or straight under the page's (h1)
  const ListHeading = heading ? 'h4' : 'h2';
  return (
    <Card>
      {heading && (
        <CardHeader>
          <CardTitle>{t('labelsAdmin.title')}</CardTitle>
          <CardDescription>{t('labelsAdmin.description')}</CardDescription>
        </CardHeader>
      )}
      <CardContent className={heading ? 'grid gap-6' : 'grid gap-6 pt-6'}>
        <Form
          form={form}
          idPrefix="label-new"
          className="gap-3"
          onSubmit={(body) =>
            create.mutate(
              { body },
              {
                onSuccess: (label) => {
                  form.reset({ name: '', color: body.color });
                  toast({ title: t('labels.created'), description: label.name });
                },
                onError: (error) => applyServerErrors(form, error),
              },
            )
          }
        >
          <TextField name="name" label={t('labelsAdmin.newName')} maxLength={40} className="max-w-sm" />
          <ColorChoice form={form} idPrefix="label-new" />
          <div>
            <Button type="submit" size="sm" disabled={create.isPending}>
              <Plus aria-hidden /> {t('labels.add')}
            </Button>
          </div>
        </Form>
        <section aria-labelledby="labels-list-heading" className="grid gap-1 border-t border-border pt-4">
          <ListHeading id="labels-list-heading" className="text-sm font-medium text-foreground">
            {t('labelsAdmin.listTitle', { count: labels.data?.length ?? 0 })}
          </ListHeading>
          {labels.isLoading ? (
            <Skeleton className="h-8 w-full" />
          ) : (labels.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('labels.none')}</p>
          ) : (
            <ul className="divide-y divide-border">
              {(labels.data ?? []).map((l) => (
                <LabelRow key={l.id} label={l} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
