import type { ReportScopeInfo } from '@contract/reports';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ExportActions } from './export-actions';
import { ScopeLine } from '@/components/scope-line';

/** A report's refusal (e.g. a range too long), in the server's words. */
function ReportError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-danger-soft p-3 text-sm text-destructive"
    >
      {message}
    </p>
  );
}

function ReportSkeleton({ loading }: { loading: string }) {
  return (
    <Card className="grid gap-3 p-5" aria-busy="true">
      <span className="sr-only">{loading}</span>
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-6 w-1/2" />
    </Card>
  );
}

function ReportEmpty(props: { icon: LucideIcon; title: string; description: string }) {
  return (
    <Card>
      <EmptyState icon={props.icon} title={props.title} description={props.description} />
    </Card>
  );
}

/**
 * What every report view does around its figures: its own controls (`toolbar`) and the export
 * buttons, whose data it covers (`scope`), then the server's refusal, a skeleton while loading, the empty state when `isEmpty`, or
 * the figures themselves.
 */
export function ReportFrame<T>(props: {
  toolbar?: ReactNode;
  /** Whose data the answer covers: said above the figures (docs/product/reports.md#scope). */
  scope?: (data: T) => ReportScopeInfo;
  exports: ComponentProps<typeof ExportActions>;
  report: { data?: T; isError: boolean; error: Error | null };
  /** said to screen readers while the figures load ('Loading the report…') */
  loading: string;
  isEmpty: (data: T) => boolean;
  empty: { icon: LucideIcon; title: string; description: string };
  children: (data: T) => ReactNode;
}) {
  const { report } = props;
  const data = report.data;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {props.toolbar ?? <span />}
        <ExportActions {...props.exports} disabled={data === undefined} />
      </div>
      {data !== undefined && !report.isError && props.scope && <ScopeLine scope={props.scope(data)} />}
      {report.isError ? (
        <ReportError message={report.error?.message ?? ''} />
      ) : data === undefined ? (
        <ReportSkeleton loading={props.loading} />
      ) : props.isEmpty(data) ? (
        <ReportEmpty {...props.empty} />
      ) : (
        props.children(data)
      )}
    </div>
  );
}
