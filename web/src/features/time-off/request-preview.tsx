import type { LeaveType } from '@contract/time-off';
import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { formatBalance } from '@/lib/format';
import { formatCost, formatDays } from './format';
import { type RequestValues, usePreview } from './preview';

/** The cost and the balance after it, or the server's reason to refuse; announced politely as it changes. */
export function RequestPreview({
  body,
  type,
  refusal,
}: {
  body: RequestValues;
  type: LeaveType | undefined;
  /** the server's refusal shown under the form: not said twice */
  refusal?: string | null;
}) {
  const preview = usePreview(body);
  const data = preview.data;
  let content: ReactNode = 'Choose a type and the days to see what it costs.';
  if (type && preview.invalid) content = <Problem message={preview.invalid} />;
  else if (type && preview.isFetching && !data) content = 'Working out the cost…';
  else if (preview.error) content = <Problem message={preview.error.message} />;
  else if (type && data) {
    content = (
      <>
        <p>
          Costs{' '}
          <strong data-testid="preview-cost">{formatCost({ ...data, hours: body.hours ?? null })}</strong>
          {data.remainingAfterDays !== null && (
            <>
              {' '}
              · <span data-testid="preview-after">{formatDays(data.remainingAfterDays)}</span> left after it
            </>
          )}
          {data.overtimeAfterSeconds !== null && (
            <> · overtime balance after it {formatBalance(data.overtimeAfterSeconds)}</>
          )}
        </p>
        {!type.approval && <p className="text-xs">This type needs no approval: it is booked at once.</p>}
        {data.problem && data.problem !== refusal && <Problem message={data.problem} />}
      </>
    );
  }
  return (
    <div
      role="status"
      data-testid="request-preview"
      className="grid gap-1 rounded-md border bg-subtle px-3 py-2 text-sm text-subtle-foreground"
    >
      {content}
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <span
      className="flex items-start gap-1.5 font-medium text-danger-foreground"
      data-testid="preview-problem"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      {message}
    </span>
  );
}
