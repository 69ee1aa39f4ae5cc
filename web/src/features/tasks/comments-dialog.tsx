import { addCommentRequest, type Task } from '@contract/tasks';
import { MessageSquare } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatRelative, initials } from '@/lib/format';
import { useAddComment } from './api';
import { FormField } from './form-field';

interface CommentsDialogProps {
  task: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The task's thread (oldest first) and a box to add to it; the author is whoever is signed in. */
export function CommentsDialog({ task, open, onOpenChange }: CommentsDialogProps) {
  const add = useAddComment();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = addCommentRequest.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(
      { id: task.id, text },
      {
        onSuccess: () => {
          setText('');
          toast({ title: 'Comment added successfully' });
        },
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to add comment' }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="comments-dialog">
        <DialogHeader>
          <DialogTitle>Comments</DialogTitle>
          <DialogDescription className="break-words">{task.title}</DialogDescription>
        </DialogHeader>
        {task.comments.length === 0 ? (
          <div className="flex flex-col items-center rounded-md border border-dashed border-slate-200 py-6 text-center">
            <MessageSquare className="size-5 text-slate-400" aria-hidden />
            <p className="mt-2 text-sm text-slate-500">No comments yet. Start the conversation.</p>
          </div>
        ) : (
          <ol className="grid max-h-72 gap-3 overflow-y-auto pr-1" aria-label="Comments">
            {task.comments.map((c) => {
              const [first, ...rest] = c.author.split(' ');
              return (
                <li key={c.id} className="flex gap-3">
                  <span
                    aria-hidden
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700"
                  >
                    {initials(first, rest.join(' '))}
                  </span>
                  <div className="min-w-0 flex-1 rounded-md bg-slate-50 px-3 py-2">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                      <span className="font-semibold text-slate-800">{c.author}</span>
                      <time dateTime={c.createdAt} className="text-slate-500">
                        {formatRelative(c.createdAt)}
                      </time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{c.text}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <FormField id="comment-text" label="Add a comment" error={error}>
            <Textarea
              id="comment-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Write a comment..."
              maxLength={2000}
              aria-invalid={error ? true : undefined}
            />
          </FormField>
          <DialogActions
            onCancel={() => onOpenChange(false)}
            cancelLabel="Close"
            label="Add Comment"
            pendingLabel="Posting..."
            pending={add.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
