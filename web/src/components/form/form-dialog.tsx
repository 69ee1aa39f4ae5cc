import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { DialogActions, DialogFrame } from '@/components/ui/dialog';
import { Form } from './form';

/**
 * A dialog that is one form: title, description, the fields, Cancel and the action (which shows its
 * busy label while the request runs). Closing it resets the form, so it opens empty next time.
 */
export function FormDialog<In extends FieldValues, Out extends FieldValues>({
  open,
  onOpenChange,
  title,
  description,
  form,
  onSubmit,
  idPrefix,
  submitLabel,
  pendingLabel,
  pending,
  destructive,
  cancelLabel,
  testId,
  className,
  before,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  form: UseFormReturn<In, unknown, Out>;
  onSubmit: SubmitHandler<Out>;
  idPrefix?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  cancelLabel?: string;
  testId?: string;
  className?: string;
  /** Context shown above the fields (what the form is about, a thread it adds to). */
  before?: ReactNode;
  children: ReactNode;
}) {
  const change = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      testId={testId}
      className={className}
    >
      {before}
      <Form form={form} onSubmit={onSubmit} idPrefix={idPrefix}>
        {children}
        <DialogActions
          onCancel={() => change(false)}
          cancelLabel={cancelLabel}
          label={submitLabel}
          pendingLabel={pendingLabel}
          pending={pending}
          destructive={destructive}
        />
      </Form>
    </DialogFrame>
  );
}
