import {
  type Attachment,
  type ChatMessage,
  MESSAGE_MAX,
  REACTIONS,
  type SendMessageBody,
  sendMessageBody,
} from '@contract/chat';
import { FileText, Pencil, SmilePlus, Trash2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, TextareaField, useZodForm } from '@/components/form';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/utils';
import { useDeleteMessage, useEditMessage, useReact, useRestoreMessage } from './api';
import { undoToast } from '@/components/ui/undo-toast';
import { formatMessageStamp, formatSize, taskLinkParts } from './format';

const IMAGE_MAX_WIDTH = 280;
const IMAGE_MAX_HEIGHT = 280;

/** An image inline, at its final size before it loads (no jump); anything else as a download link. */
function AttachmentView({ attachment, own }: { attachment: Attachment; own: boolean }) {
  const { t } = useTranslation('chat');
  if (attachment.contentType.startsWith('image/') && attachment.width && attachment.height) {
    const scale = Math.min(1, IMAGE_MAX_WIDTH / attachment.width, IMAGE_MAX_HEIGHT / attachment.height);
    const width = Math.max(1, Math.round(attachment.width * scale));
    const height = Math.max(1, Math.round(attachment.height * scale));
    return (
      <a href={attachment.url} target="_blank" rel="noreferrer" className="block max-w-full">
        <img
          src={attachment.url}
          alt={attachment.name}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          style={{ aspectRatio: `${width} / ${height}` }}
          className="h-auto max-w-full rounded-lg border border-border bg-muted object-cover"
          data-testid="message-image"
        />
      </a>
    );
  }
  return (
    <a
      href={attachment.url}
      download={attachment.name}
      className={cn(
        'flex max-w-full items-center gap-2 rounded-lg border px-3 py-2 text-sm underline-offset-2 hover:underline',
        own ? 'border-primary-foreground/30' : 'border-border bg-card',
      )}
      data-testid="message-file"
    >
      <FileText className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-all">{attachment.name}</span>
      <span className={cn('shrink-0 text-xs', own ? 'opacity-80' : 'text-muted-foreground')}>
        {formatSize(attachment.size, t)}
      </span>
    </a>
  );
}

/** Edit in place: Enter saves, Shift+Enter starts a line, Escape cancels. */
function EditForm({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const edit = useEditMessage();
  const form = useZodForm(sendMessageBody, { defaultValues: { content: message.content } });
  const save = ({ content }: SendMessageBody) =>
    edit.mutate(
      { params: { id: message.conversationId, messageId: message.id }, body: { content } },
      { onSuccess: onDone },
    );
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void form.handleSubmit(save)();
    }
  };
  return (
    <Form form={form} onSubmit={save} idPrefix={`edit-${message.id}`} className="w-full max-w-md gap-2">
      <TextareaField
        name="content"
        label={t('message.editLabel')}
        hideLabel
        rows={2}
        maxLength={MESSAGE_MAX}
        autoFocus
        textareaClassName="max-h-40 min-h-10 resize-none field-sizing-content"
        onKeyDown={onKeyDown}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={edit.isPending}>
          {t('common:actions.save')}
        </Button>
      </div>
    </Form>
  );
}

function ConfirmDelete({ message, onClose }: { message: ChatMessage; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const remove = useDeleteMessage();
  const restore = useRestoreMessage();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t('message.deleteTitle')}
      description={t(message.attachment ? 'message.deleteDescriptionFile' : 'message.deleteDescription', {
        tombstone: t('message.deleted'),
      })}
      confirmLabel={t('common:actions.delete')}
      pendingLabel={t('message.deleting')}
      pending={remove.isPending}
      destructive
      onConfirm={() =>
        remove.mutate(
          { params: { id: message.conversationId, messageId: message.id } },
          {
            onSuccess: () => {
              onClose();
              undoToast({
                title: t('common:undo.deleted'),
                undoLabel: t('common:undo.undo'),
                altText: t('message.undoAltText'),
                undo: () => restore(message.conversationId, message.id),
                restored: t('common:undo.restored'),
                failed: t('common:undo.failed'),
              });
            },
          },
        )
      }
    />
  );
}

function ReactionPicker({ message, align }: { message: ChatMessage; align: 'start' | 'end' }) {
  const { t } = useTranslation('chat');
  const react = useReact();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-7 text-muted-foreground"
          aria-label={t('message.addReaction')}
        >
          <SmilePlus className="size-4" aria-hidden />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align={align}
          sideOffset={4}
          collisionPadding={8}
          aria-label={t('message.reactions')}
          className="z-50 flex gap-0.5 rounded-full border border-border bg-popover p-1 text-popover-foreground shadow-lg focus:outline-none"
        >
          {REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={t('message.reactWith', { emoji })}
              className="flex size-9 cursor-pointer items-center justify-center rounded-full text-lg hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => {
                react.mutate({
                  params: { id: message.conversationId, messageId: message.id },
                  body: { emoji },
                });
                setOpen(false);
              }}
            >
              {emoji}
            </button>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * One message: its words (or the tombstone), its file, its reactions, and the actions people have on
 * it: react (everyone), edit and delete (its sender). The actions show on hover or focus with a
 * pointer that hovers, and always on touch screens.
 */
export function MessageItem({
  message,
  own,
  highlighted,
}: {
  message: ChatMessage;
  own: boolean;
  highlighted?: boolean;
}) {
  const { t } = useTranslation('chat');
  const react = useReact();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const hasWords = message.content.length > 0;

  return (
    <li
      data-testid="message"
      data-message-id={message.id}
      data-own={own || undefined}
      className={cn(
        'group flex scroll-my-24 flex-col gap-1 rounded-lg transition-colors',
        own ? 'items-end' : 'items-start',
        highlighted && 'bg-accent ring-2 ring-ring',
      )}
    >
      {!own && (
        <span className="flex items-center gap-1.5 px-1 text-xs font-medium text-muted-foreground">
          <Avatar name={message.senderName} src={message.senderImageUrl} size="xs" testId="message-avatar" />
          {message.senderName}
        </span>
      )}
      {editing ? (
        <EditForm message={message} onDone={() => setEditing(false)} />
      ) : (
        <div className={cn('flex w-full items-center gap-1', own && 'flex-row-reverse')}>
          {message.deleted ? (
            <div
              className="rounded-2xl border border-dashed border-border px-3.5 py-2 text-sm italic text-muted-foreground"
              data-testid="message-deleted"
            >
              {t('message.deleted')}
            </div>
          ) : (
            <div
              className={cn(
                'flex max-w-[85%] flex-col gap-2 whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed sm:max-w-[70%]',
                own
                  ? 'rounded-br-md bg-primary text-primary-foreground'
                  : 'rounded-bl-md bg-muted text-foreground',
              )}
            >
              {message.attachment && <AttachmentView attachment={message.attachment} own={own} />}
              {hasWords && (
                <span data-testid="message-content">
                  {taskLinkParts(message.content).map((part, i) =>
                    part.taskId ? (
                      <Link key={i} to={`/tasks/${part.taskId}`} className="underline underline-offset-2">
                        {part.text}
                      </Link>
                    ) : (
                      part.text
                    ),
                  )}
                </span>
              )}
            </div>
          )}
          {!message.deleted && (
            <div
              className="flex shrink-0 items-center opacity-100 transition-opacity [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100"
              data-testid="message-actions"
            >
              <ReactionPicker message={message} align={own ? 'end' : 'start'} />
              {own && (
                <>
                  {hasWords && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7 text-muted-foreground"
                      aria-label={t('message.edit')}
                      onClick={() => setEditing(true)}
                    >
                      <Pencil className="size-3.5" aria-hidden />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7 text-muted-foreground hover:text-destructive"
                    aria-label={t('message.delete')}
                    onClick={() => setDeleting(true)}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                  </Button>
                </>
              )}
            </div>
          )}
        </div>
      )}
      {message.reactions.length > 0 && (
        <ul className="flex flex-wrap gap-1 px-1" aria-label={t('message.reactions')}>
          {message.reactions.map((r) => (
            <li key={r.emoji}>
              <button
                type="button"
                aria-pressed={r.mine}
                aria-label={t(r.mine ? 'message.reactionMine' : 'message.reaction', {
                  emoji: r.emoji,
                  count: r.count,
                })}
                className={cn(
                  'flex h-6 cursor-pointer items-center gap-1 rounded-full border px-2 text-xs tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  r.mine
                    ? 'border-primary bg-primary/10 text-foreground'
                    : 'border-border bg-card text-muted-foreground hover:bg-accent',
                )}
                onClick={() =>
                  react.mutate({
                    params: { id: message.conversationId, messageId: message.id },
                    body: { emoji: r.emoji as (typeof REACTIONS)[number] },
                  })
                }
              >
                <span aria-hidden>{r.emoji}</span>
                <span aria-hidden>{r.count}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="flex gap-1 px-1 text-[11px] text-muted-foreground">
        <time dateTime={message.timestamp}>{formatMessageStamp(message.timestamp)}</time>
        {message.editedAt && !message.deleted && (
          <span
            data-testid="message-edited"
            title={t('message.editedAt', { when: formatMessageStamp(message.editedAt) })}
          >
            {t('message.edited')}
          </span>
        )}
      </span>
      {deleting && <ConfirmDelete message={message} onClose={() => setDeleting(false)} />}
    </li>
  );
}
