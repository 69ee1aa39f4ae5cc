import { Copy } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { toast } from './use-toast';

type Toast = { title: string; description: string };

/** Copies `value`, then says so in a toast; when the clipboard refuses, a toast says what to do instead. */
export async function copyWithToast(value: string, copied: Toast, failed: Toast) {
  try {
    await navigator.clipboard.writeText(value);
    toast(copied);
  } catch {
    toast({ variant: 'destructive', ...failed });
  }
}

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
  return (
    <div className="flex items-center gap-2 rounded-md border bg-subtle p-2">
      <code data-testid={testId} className={cn('flex-1 break-all font-mono text-foreground', className)}>
        {value}
      </code>
      <Button
        variant="ghost"
        size="icon"
        aria-label={copyLabel}
        onClick={() => void copyWithToast(value, copied, failed)}
      >
        <Copy aria-hidden />
      </Button>
    </div>
  );
}
