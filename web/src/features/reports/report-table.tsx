import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A report's table: its own horizontal scroll on narrow screens (focusable, so keyboard users can
 * scroll it too), a caption naming it, and a totals row in the footer.
 */
export function ReportTable(props: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  foot: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={props.caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
      tabIndex={0}
      className="w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring print:overflow-visible"
    >
      <table className={cn('w-full border-collapse text-sm tabular-nums', props.className)}>
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-subtle text-xs font-medium uppercase tracking-wide text-subtle-foreground">
          {props.head}
        </thead>
        <tbody className="[&_tr]:border-b">{props.children}</tbody>
        <tfoot className="border-t-2 border-input font-semibold">{props.foot}</tfoot>
      </table>
    </section>
  );
}

export const th = 'h-10 whitespace-nowrap px-3 text-left align-middle';
export const td = 'px-3 py-2.5 align-middle';
export const num = 'text-right whitespace-nowrap';
/** A column a phone leaves out, so the essential ones (`data-essential`) fit without scrolling. */
export const wide = 'hidden sm:table-cell';
