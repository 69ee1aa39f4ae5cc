import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={change}>
      <DialogContent data-testid={testId} className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}
