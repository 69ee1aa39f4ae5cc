import type { LeaveStatus } from '@contract/time-off';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { statusVariant } from './format';

export function LeaveStatusBadge({ status }: { status: LeaveStatus }) {
  const { t } = useTranslation('time-off');
  return (
    <Badge variant={statusVariant[status]} data-testid="leave-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A leave type's colour as a small swatch beside its name (never the only cue: the name is there). */
export function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      className="inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10"
      style={{ backgroundColor: color }}
    />
  );
}
