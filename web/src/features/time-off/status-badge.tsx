import type { LeaveStatus } from '@contract/time-off';
import { Badge } from '@/components/ui/badge';
import { statusView } from './format';

export function LeaveStatusBadge({ status }: { status: LeaveStatus }) {
  return (
    <Badge variant={statusView[status].variant} data-testid="leave-status">
      {statusView[status].label}
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
