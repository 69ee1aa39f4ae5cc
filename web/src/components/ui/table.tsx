import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * Scrolls horizontally inside its own box so narrow screens never overflow the page. With `region`
 * (its name), the box is a focusable region, so keyboard users can scroll a wide table too.
 */
export function Table({ className, region, ...props }: React.ComponentProps<'table'> & { region?: string }) {
  const table = (
    <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
  );
  if (!region) return <div className="relative w-full overflow-x-auto">{table}</div>;
  return (
    <section
      aria-label={region}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
      tabIndex={0}
      className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
    >
      {table}
    </section>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead className={cn('bg-subtle [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-subtle/60', className)} {...props} />;
}

/**
 * A column's heading. `essential` marks a column a phone must show without scrolling the table (what
 * a row is, and its main figure); e2e/phones.spec.ts holds every table to it at 375 px, and a table
 * marks at least one (docs/decisions/038-phones.md).
 */
export function TableHead({
  className,
  essential,
  ...props
}: React.ComponentProps<'th'> & { essential?: boolean }) {
  return (
    <th
      data-essential={essential || undefined}
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />;
}
