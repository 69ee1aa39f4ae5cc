import type { LeaveType } from '@contract/time-off';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from '@/components/trans';
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
  const { t } = useTranslation('time-off');
  const preview = usePreview(body);
  const data = preview.data;
  let content: ReactNode = t('preview.choose');
  if (type && preview.invalid) content = <Problem message={preview.invalid} />;
  else if (type && preview.isFetching && !data) content = t('preview.working');
  else if (preview.error) content = <Problem message={preview.error.message} />;
  else if (type && data) {
    content = (
      <>
        <p>
          <Trans
            t={t}
            i18nKey="preview.costs"
            values={{ cost: formatCost({ ...data, hours: body.hours ?? null }, t) }}
            components={{ cost: <strong data-testid="preview-cost" /> }}
          />
          {data.remainingAfterDays !== null && (
            <>
              {' · '}
              <Trans
                t={t}
                i18nKey="preview.left"
                values={{ days: formatDays(data.remainingAfterDays, t) }}
                components={{ after: <span data-testid="preview-after" /> }}
              />
            </>
          )}
          {data.overtimeAfterSeconds !== null && (
            <>
              {' · '}
              {t('preview.overtime', { balance: formatBalance(data.overtimeAfterSeconds) })}
            </>
          )}
        </p>
        {!type.approval && <p className="text-xs">{t('preview.noApproval')}</p>}
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
