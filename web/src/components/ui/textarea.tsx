import type * as React from 'react';
import { cn } from '@/lib/utils';
import { fieldClasses } from './input';

export function Textarea({ className, rows = 3, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea data-slot="textarea" rows={rows} className={cn(fieldClasses, 'py-2', className)} {...props} />
  );
}
