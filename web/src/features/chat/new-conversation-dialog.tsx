import { type ConversationType, createConversationBody } from '@contract/chat';
import { Check } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, Form, FormMessage, TextField, useErrorText, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter, DialogFrame } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { useCreateConversation, useUserSearch } from './api';

interface NewConversationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  myId: string | undefined;
  onCreated: (conversationId: string) => void;
}

const empty = { type: 'direct' as ConversationType, name: '', participantIds: [] as string[] };

/** Direct: pick one person (an existing conversation with them reopens). Group: a name and people. */
export function NewConversationDialog({ open, onOpenChange, myId, onCreated }: NewConversationDialogProps) {
  const { t } = useTranslation('chat');
  const form = useZodForm(createConversationBody, { defaultValues: empty });
  const type = useWatch({ control: form.control, name: 'type' });
  const chosen = useWatch({ control: form.control, name: 'participantIds' });
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const people = useUserSearch(deferredSearch);
  const create = useCreateConversation();
  const others = (people.data ?? []).filter((u) => u.id !== myId);
  const [failure, setFailure] = useState<string | null>(null);
  const errorText = useErrorText();
  const peopleError = errorText(form.formState.errors.participantIds?.message);

  const reset = () => {
    form.reset(empty);
    setSearch('');
    setFailure(null);
    create.reset();
  };

  const choose = (next: string[]) =>
    form.setValue('participantIds', next, { shouldValidate: form.formState.isSubmitted });

  const toggle = (id: string) => {
    if (type === 'direct') choose(chosen[0] === id ? [] : [id]);
    else choose(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  };

  const submit = ({ name, ...body }: z.output<typeof createConversationBody>) => {
    setFailure(null);
    create.mutate(
      { body: body.type === 'group' ? { ...body, name } : body },
      {
        onSuccess: (conversation) => {
          onOpenChange(false);
          reset();
          onCreated(conversation.id);
        },
        onError: (error) => {
          if (!applyServerErrors(form, error)) setFailure(error.message);
        },
      },
    );
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
      className="max-w-md"
      title={t('newConversation.title')}
      description={t('newConversation.description')}
    >
      <Form form={form} onSubmit={submit} idPrefix="conversation">
        <Tabs
          className="flex flex-col gap-4"
          value={type}
          onValueChange={(v) => {
            form.setValue('type', v as ConversationType);
            if (v === 'direct') choose(chosen.slice(0, 1));
          }}
        >
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="direct">{t('newConversation.direct')}</TabsTrigger>
            <TabsTrigger value="group">{t('newConversation.group')}</TabsTrigger>
          </TabsList>
          {/* The chosen tab's panel: the fields below belong to it (and its tab points at it). */}
          <TabsContent value={type} className="mt-0 flex flex-col gap-4">
            {type === 'group' && (
              <TextField
                name="name"
                label={t('newConversation.groupName')}
                maxLength={100}
                placeholder={t('newConversation.groupNamePlaceholder')}
              />
            )}
            <div className="flex flex-col gap-2">
              <Label htmlFor="people-search">
                {type === 'direct' ? t('newConversation.person') : t('newConversation.people')}
              </Label>
              <SearchInput
                id="people-search"
                placeholder={t('newConversation.searchPlaceholder')}
                value={search}
                onValueChange={setSearch}
              />
              <ul
                className="max-h-56 overflow-y-auto rounded-md border border-border"
                aria-label={t('newConversation.people')}
                data-testid="people-list"
              >
                {people.isLoading &&
                  Array.from({ length: 3 }, (_, i) => (
                    <li key={i} className="flex items-center gap-3 px-3 py-2.5">
                      <Skeleton className="h-4 w-2/3" />
                    </li>
                  ))}
                {!people.isLoading && others.length === 0 && (
                  <li className="px-3 py-6 text-center text-sm text-muted-foreground">
                    {t('newConversation.noMatch')}
                  </li>
                )}
                {others.map((u) => {
                  const selected = chosen.includes(u.id);
                  return (
                    <li key={u.id}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        onClick={() => toggle(u.id)}
                        className={cn(
                          'flex w-full cursor-pointer items-center justify-between gap-3 px-3 py-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                          selected ? 'bg-primary-soft' : 'hover:bg-subtle',
                        )}
                      >
                        <span className="min-w-0">
                          <span className="block truncate font-medium text-foreground">{u.name}</span>
                          <span className="block text-xs text-muted-foreground">{t(`role.${u.role}`)}</span>
                        </span>
                        {selected && <Check className="size-4 shrink-0 text-primary" aria-hidden />}
                      </button>
                    </li>
                  );
                })}
              </ul>
              {peopleError && (
                <p role="alert" className="text-xs font-medium text-destructive">
                  {peopleError}
                </p>
              )}
              {type === 'group' && (
                <p className="text-xs text-muted-foreground">
                  {t('newConversation.selected', { count: chosen.length })}
                </p>
              )}
            </div>
          </TabsContent>
        </Tabs>
        <FormMessage>{failure}</FormMessage>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common:actions.cancel')}</Button>
          </DialogClose>
          <Button
            type="submit"
            disabled={chosen.length === 0 || create.isPending}
            data-testid="create-conversation"
          >
            {type === 'direct' ? t('newConversation.open') : t('newConversation.createGroup')}
          </Button>
        </DialogFooter>
      </Form>
    </DialogFrame>
  );
}
