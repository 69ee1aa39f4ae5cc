import { addCommentRequest, type Task, type TaskComment } from '@contract/tasks';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog, TextareaField, useZodForm } from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { formatRelative, initials } from '@/lib/format';
import { useAddComment } from './api';

interface CommentsDialogProps {
  task: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The thread, oldest first (also on the task's page). */
export function Thread({ comments, scroll = true }: { comments: TaskComment[]; scroll?: boolean }) {
  const { t } = useTranslation('tasks');
  if (comments.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-md border border-dashed border-border py-6 text-center">
        <MessageSquare className="size-5 text-faint-foreground" aria-hidden />
        <p className="mt-2 text-sm text-subtle-foreground">{t('comments.empty')}</p>
      </div>
    );
  }
  return (
    <ol
      className={scroll ? 'grid max-h-72 gap-3 overflow-y-auto pr-1' : 'grid gap-3'}
      aria-label={t('comments.list')}
    >
      {comments.map((c) => {
        const [first, ...rest] = c.author.split(' ');
        return (
          <li key={c.id} className="flex gap-3">
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-foreground"
            >
              {initials(first, rest.join(' '))}
            </span>
            <div className="min-w-0 flex-1 rounded-md bg-subtle px-3 py-2">
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                <span className="font-semibold text-foreground">{c.author}</span>
                <time dateTime={c.createdAt} className="text-subtle-foreground">
                  {formatRelative(c.createdAt)}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-subtle-foreground">{c.text}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The task's thread (oldest first) and a box to add to it; the author is whoever is signed in. */
export function CommentsDialog({ task, open, onOpenChange }: CommentsDialogProps) {
  const { t } = useTranslation('tasks');
  const add = useAddComment();
  const form = useZodForm(addCommentRequest, { defaultValues: { text: '' } });

  const submit = (body: { text: string }) =>
    add.mutate(
      { params: { id: task.id }, body },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: t('comments.added') });
        },
        onError: () =>
          toast({ variant: 'destructive', title: t('toast.error'), description: t('comments.failed') }),
      },
    );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="comments-dialog"
      title={t('comments.title')}
      description={<span className="break-words">{task.title}</span>}
      before={<Thread comments={task.comments} />}
      form={form}
      onSubmit={submit}
      idPrefix="comment"
      submitLabel={t('comments.submit')}
      pendingLabel={t('comments.pending')}
      pending={add.isPending}
      cancelLabel={t('common:actions.close')}
    >
      <TextareaField
        name="text"
        label={t('comments.label')}
        placeholder={t('comments.placeholder')}
        maxLength={2000}
      />
    </FormDialog>
  );
}
