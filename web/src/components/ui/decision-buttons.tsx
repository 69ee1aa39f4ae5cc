import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * Reject and Approve for one item of a decision queue (timesheet weeks, leave requests): the same
 * pair, labelled for screen readers with what is decided ("Vera's week"). Reject opens the caller's
 * comment dialog; Approve waits while one approval is on its way.
 */
export function DecisionButtons({
  what,
  approving,
  onReject,
  onApprove,
}: {
  what: string;
  approving: boolean;
  onReject: () => void;
  onApprove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" size="sm" aria-label={t('decision.reject', { what })} onClick={onReject}>
        {t('actions.reject')}
      </Button>
      <Button size="sm" aria-label={t('decision.approve', { what })} disabled={approving} onClick={onApprove}>
        {t('actions.approve')}
      </Button>
    </>
  );
}
