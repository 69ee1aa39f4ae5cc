import { MESSAGE_MAX, sendMessageBody } from '@contract/chat';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useSendMessage } from './api';
import { announceTyping } from './live';

/** Enter sends, Shift+Enter starts a new line; a blank message cannot be sent (spec: Chat). */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId);
  const parsed = sendMessageBody.safeParse({ content: text });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!parsed.success) return;
    const content = parsed.data.content;
    setText('');
    send.mutate(content, {
      // Nothing is shown on failure (spec point 8), but the words are given back to retry.
      onError: () => setText((current) => current || content),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 p-3">
      <label htmlFor="chat-message" className="sr-only">
        Message
      </label>
      <Textarea
        id="chat-message"
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX}
        placeholder="Type your message..."
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim()) announceTyping(conversationId);
        }}
        onKeyDown={onKeyDown}
        className="max-h-40 min-h-10 resize-none py-2.5 field-sizing-content"
      />
      <Button
        type="submit"
        size="icon"
        className="size-10"
        disabled={!parsed.success}
        aria-label="Send message"
        data-testid="send-message"
      >
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
