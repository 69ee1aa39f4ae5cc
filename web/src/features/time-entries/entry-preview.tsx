import type { TimeEntry } from '@contract/time-entries';
import { AlertTriangle, CalendarClock } from 'lucide-react';
import { formatDuration } from '@/lib/format';
import { overlapping, type Span } from './span';
import { overlapWarning, timeRange } from './zoned';

/**
 * What the typed times will be saved as — "22:00–01:00 (+1 day) · 3h 0m" — and, from the entries the
 * screen has, which ones they overlap (docs/product/time-tracking.md#overlaps), before saving.
 * Announced politely as the times change.
 */
export function EntryPreview({
  span,
  timeZone,
  others,
  editingId,
}: {
  span: Span | null;
  timeZone: string;
  others: readonly TimeEntry[];
  editingId?: string;
}) {
  const overlaps = span ? overlapping(span, others, editingId) : [];
  return (
    <div className="grid gap-2 empty:hidden" aria-live="polite">
      {span && (
        <p
          className="flex items-center gap-2 rounded-md bg-subtle px-3 py-2 text-sm text-subtle-foreground"
          data-testid="entry-preview"
        >
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          <span className="tabular-nums">
            {timeRange(span.start, span.end, timeZone, span.nextDay)} · {formatDuration(span.seconds)}
          </span>
        </p>
      )}
      {overlaps.length > 0 && (
        <p
          className="flex items-start gap-2 rounded-md border border-warning-border bg-warning-soft px-3 py-2 text-sm text-warning-foreground"
          data-testid="entry-overlap-warning"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {overlapWarning(overlaps, timeZone)}
        </p>
      )}
    </div>
  );
}
