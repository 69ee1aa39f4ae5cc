import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'border-border bg-card text-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        red: 'border-danger-border bg-danger-soft text-danger-foreground',
        blue: 'border-info-border bg-info-soft text-info-foreground',
        green: 'border-success-border bg-success-soft text-success-foreground',
        amber: 'border-warning-border bg-warning-soft text-warning-foreground',
        indigo: 'border-primary-border bg-primary-soft text-primary-soft-foreground',
        gray: 'border-border bg-muted text-subtle-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
