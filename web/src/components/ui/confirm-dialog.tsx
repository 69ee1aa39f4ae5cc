import type { ReactNode } from 'react';
import { DialogActions, DialogFrame } from './dialog';

/**
 * Asks before an action: the question, what follows from it, Cancel and the action, which shows its
 * busy label while `pending`. Closing (Cancel, Escape, the close button) calls `onClose`; the caller
 * closes it after the action succeeds. `children` stand between the question and the buttons (a
 * choice the action needs).
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  destructive,
  disabled,
  cancelLabel,
  onConfirm,
  testId,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  disabled?: boolean;
  cancelLabel?: string;
  onConfirm: () => void;
  testId?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      testId={testId}
      className={className}
    >
      {children}
      <DialogActions
        onCancel={onClose}
        cancelLabel={cancelLabel}
        label={confirmLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        destructive={destructive}
        disabled={disabled}
        onConfirm={onConfirm}
      />
    </DialogFrame>
  );
}
