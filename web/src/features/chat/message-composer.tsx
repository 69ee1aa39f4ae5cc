import { MESSAGE_MAX, type SendMessageBody, sendMessageBody } from '@contract/chat';
import { SendHorizontal } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, TextareaField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { useSendMessage } from './api';
import { announceTyping } from './live';

/**
 * Enter sends, Shift+Enter starts a new line; Send stays disabled while the message is blank
 * (docs/product/chat.md), and Enter on a blank message says why, with the contract's message.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const send = useSendMessage(conversationId);
  const form = useZodForm(sendMessageBody, { defaultValues: { content: '' } });
  const blank = !useWatch({ control: form.control, name: 'content' })?.trim();

  const submit = ({ content }: SendMessageBody) => {
    form.reset({ content: '' });
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

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
      className="flex-row items-end gap-2 border-t border-slate-200 p-3"
    >
      <TextareaField
        name="content"
        label="Message"
        hideLabel
        rows={1}
        maxLength={MESSAGE_MAX}
        placeholder="Type your message..."
        className="flex-1"
        textareaClassName="max-h-40 min-h-10 resize-none py-2.5 field-sizing-content"
        onInput={(e) => {
          if (e.currentTarget.value.trim()) announceTyping(conversationId);
        }}
        onKeyDown={onKeyDown}
      />
      <Button
        type="submit"
        size="icon"
        className="size-10"
        disabled={blank}
        aria-label="Send message"
        data-testid="send-message"
      >
        <SendHorizontal aria-hidden />
      </Button>
    </Form>
  );
}
