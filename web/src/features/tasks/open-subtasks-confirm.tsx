import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';

/**
 * Completing or submitting a parent whose sub-tasks are open is refused (409 `open_subtasks`) until
 * the person confirms (docs/product/tasks.md#sub-tasks): `refused(error, again)` opens the question
 * when that was the refusal, and Confirm sends the request again with `force`.
 */
export function useOpenSubtasksConfirm() {
  const { t } = useTranslation('tasks');
  const [pending, setPending] = useState<{ reason: string; again: () => void } | null>(null);
  const refused = (error: Error, again: () => void) => {
    if (!(error instanceof ApiError) || error.code !== 'open_subtasks') return false;
    setPending({ reason: error.message, again });
    return true;
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onClose={() => setPending(null)}
      title={t('subtasks.confirmTitle')}
      description={pending?.reason ?? ''}
      confirmLabel={t('subtasks.confirm')}
      pendingLabel={t('subtasks.confirming')}
      pending={false}
      testId="open-subtasks-confirm"
      onConfirm={() => {
        pending?.again();
        setPending(null);
      }}
    />
  );
  return { refused, dialog };
}
