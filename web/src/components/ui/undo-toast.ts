import { toast } from './use-toast';

/** How long the toast of a deletion offers Undo (docs/product/client-behaviour.md#undo). */
export const UNDO_MS = 10_000;

/**
 * The toast after a deletion: "Deleted · Undo" for ten seconds. Undo calls `undo` (the restore
 * endpoint) and reports how it went with a toast of its own. The texts come translated from the
 * caller; the call does not depend on the screen that deleted still being open.
 */
export function undoToast(options: {
  title: string;
  description?: string;
  undoLabel: string;
  /** what a screen reader user is told instead: where to restore it later (the Trash) */
  altText: string;
  undo: () => Promise<unknown>;
  restored: string;
  failed: string;
}) {
  const shown = toast({
    title: options.title,
    description: options.description,
    duration: UNDO_MS,
    action: {
      label: options.undoLabel,
      altText: options.altText,
      onClick: () => {
        shown.dismiss();
        options.undo().then(
          () => toast({ title: options.restored, description: options.description }),
          (error: Error) =>
            toast({ variant: 'destructive', title: options.failed, description: error.message }),
        );
      },
    },
  });
  return shown;
}
