import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/**
 * A text box with a magnifier, for the lists people search (users, codes, tasks, people). It is
 * named by its label (`id` + a <Label>) or by `aria-label` where the placeholder says it all.
 */
export function SearchInput({
  value,
  onValueChange,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        {...input}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
