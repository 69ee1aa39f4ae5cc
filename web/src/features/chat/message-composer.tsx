import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  MESSAGE_MAX,
  type Participant,
  type SendMessageBody,
  sendMessageBody,
} from '@contract/chat';
import { Paperclip, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, type SyntheticEvent, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, TextareaField, useErrorText, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSendFile, useSendMessage } from './api';
import { announceTyping } from './live';
import { formatNumber } from '@/lib/format';
import { insertMention, mentionAt, suggestions } from './mentions';

type Mention = { start: number; caret: number; options: Participant[]; active: number };

/**
 * Enter sends, Shift+Enter starts a new line; Send stays disabled while the message is blank
 * (docs/product/chat.md), and Enter on a blank message says why, with the contract's message.
 * Typing `@` offers the conversation's participants (docs/product/chat.md#mentions): the textarea
 * is a combobox over a listbox; arrows move, Enter or Tab inserts `@First Last`, Escape closes.
 */
export function MessageComposer({
  conversationId,
  participants = [],
  myId,
}: {
  conversationId: string;
  participants?: Participant[];
  myId?: string;
}) {
  const { t } = useTranslation('chat');
  const send = useSendMessage(conversationId);
  const sendFile = useSendFile(conversationId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const errorText = useErrorText({ load: true });
  const form = useZodForm(sendMessageBody, { defaultValues: { content: '' } });
  const blank = !useWatch({ control: form.control, name: 'content' })?.trim();
  const [mention, setMention] = useState<Mention | null>(null);
  const listId = `chat-mentions-${conversationId}`;
  const optionId = (i: number) => `${listId}-${i}`;

  // After each keystroke or caret move: is an @name being typed, and who matches it?
  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const el = event.currentTarget;
    const found = el.selectionStart === el.selectionEnd ? mentionAt(el.value, el.selectionStart) : null;
    const options = found ? suggestions(participants, found.query, myId) : [];
    if (!found || options.length === 0) return setMention(null);
    setMention((m) => ({
      start: found.start,
      caret: el.selectionStart,
      options,
      active: m && m.start === found.start ? Math.min(m.active, options.length - 1) : 0,
    }));
  };

  const pick = (el: HTMLTextAreaElement, m: Mention, person: Participant) => {
    const next = insertMention(el.value, m.start, m.caret, person.name);
    form.setValue('content', next.text, { shouldDirty: true });
    setMention(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = ({ content }: SendMessageBody) => {
    form.reset({ content: '' });
    setFileError(null);
    send.mutate(
      { params: { id: conversationId }, body: { content } },
      {
        // Nothing is shown on failure (docs/product/client-behaviour.md), but the words are given
        // back to retry.
        onError: () => {
          if (!form.getValues('content')) form.setValue('content', content);
        },
      },
    );
  };

  // A chosen file is sent at once, with the words typed so far (docs/product/chat.md#attachments).
  const attach = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setFileError(null);
    // The server checks again (and the content, not the name); this saves uploading 50 MB to hear no.
    if (file.size > ATTACHMENT_MAX_BYTES)
      return setFileError(
        t('composer.tooLarge', {
          size: t('size.megabytes', { size: formatNumber(ATTACHMENT_MAX_BYTES / (1024 * 1024)) }),
        }),
      );
    const content = form.getValues('content')?.trim() ?? '';
    sendFile.mutate(
      { file, content },
      {
        onSuccess: () => form.reset({ content: '' }),
        onError: (error) => setFileError(error.message),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention) {
      const n = mention.options.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : n - 1;
        setMention({ ...mention, active: (mention.active + step) % n });
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(event.currentTarget, mention, mention.options[mention.active]);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void form.handleSubmit(submit)();
    }
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix="chat"
      className="relative flex-row flex-wrap items-end gap-2 border-t border-border p-3"
    >
      {fileError && (
        <p role="alert" className="w-full text-sm text-destructive" data-testid="attach-error">
          {errorText(fileError)}
        </p>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="attach-input"
        onChange={(e) => attach(e.target.files?.[0])}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-10 text-muted-foreground"
        aria-label={t('composer.attach')}
        disabled={sendFile.isPending}
        onClick={() => fileInput.current?.click()}
      >
        {sendFile.isPending ? <Spinner /> : <Paperclip aria-hidden />}
      </Button>
      {mention && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('composer.mentionList')}
          className="absolute bottom-full left-3 z-10 mb-1 max-h-60 w-64 max-w-[calc(100%-1.5rem)] overflow-y-auto rounded-md border border-border bg-popover py-1 shadow-lg"
        >
          {mention.options.map((p, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (focus stays in the textarea, aria-activedescendant points here)
            <div
              key={p.id}
              tabIndex={-1}
              id={optionId(i)}
              role="option"
              aria-selected={i === mention.active}
              className={
                i === mention.active
                  ? 'cursor-pointer bg-accent px-3 py-2 text-sm text-accent-foreground'
                  : 'cursor-pointer px-3 py-2 text-sm text-foreground hover:bg-accent'
              }
              // Keeps the textarea focused (and its caret) while the option is clicked.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                const el = document.getElementById('chat-content');
                if (el instanceof HTMLTextAreaElement) pick(el, mention, p);
              }}
            >
              {p.name}
            </div>
          ))}
        </div>
      )}
      <TextareaField
        name="content"
        label={t('composer.label')}
        hideLabel
        rows={1}
        maxLength={MESSAGE_MAX}
        placeholder={t('composer.placeholder')}
        className="min-w-0 flex-1"
        textareaClassName="max-h-40 min-h-10 resize-none py-2.5 field-sizing-content"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={mention !== null}
        aria-controls={mention ? listId : undefined}
        aria-activedescendant={mention ? optionId(mention.active) : undefined}
        onInput={(e) => {
          if (e.currentTarget.value.trim()) announceTyping(conversationId);
          track(e);
        }}
        onClick={track}
        onKeyUp={(e) => {
          if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End')
            track(e);
        }}
        onBlurCapture={() => setMention(null)}
        onKeyDown={onKeyDown}
      />
      <Button
        type="submit"
        size="icon"
        className="size-10"
        disabled={blank}
        aria-label={t('composer.send')}
        data-testid="send-message"
      >
        <SendHorizontal aria-hidden />
      </Button>
    </Form>
  );
}
