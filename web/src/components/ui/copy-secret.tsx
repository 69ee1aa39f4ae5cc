import { Copy } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { toast } from './use-toast';

type Toast = { title: string; description: string };

/**
 * A secret shown once (a temporary password, a new API token) with a button that copies it; when the
 * clipboard refuses, a toast says to select and copy it by hand.
 */
export function CopySecret({
  value,
  copyLabel,
  copied,
  failed,
  testId,
  className,
}: {
  value: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  copied: Toast;
  failed: Toast;
  testId?: string;
  /** The text size of the secret. */
  className?: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(copied);
    } catch {
      toast({ variant: 'destructive', ...failed });
    }
  };
  return (
    <div className="flex items-center gap-2 rounded-md border bg-subtle p-2">
      <code data-testid={testId} className={cn('flex-1 break-all font-mono text-foreground', className)}>
        {value}
      </code>
      <Button variant="ghost" size="icon" aria-label={copyLabel} onClick={() => void copy()}>
        <Copy aria-hidden />
      </Button>
    </div>
  );
}
