import { type ConversationType, createConversationBody } from '@contract/chat';
import { Check, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { capitalize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCreateConversation, useUserSearch } from './api';

interface NewConversationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  myId: string | undefined;
  onCreated: (conversationId: string) => void;
}

/** Direct: pick one person (an existing conversation with them reopens). Group: a name and people. */
export function NewConversationDialog({ open, onOpenChange, myId, onCreated }: NewConversationDialogProps) {
  const [type, setType] = useState<ConversationType>('direct');
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const deferredSearch = useDeferredValue(search.trim());
  const people = useUserSearch(deferredSearch);
  const create = useCreateConversation();
  const others = (people.data ?? []).filter((u) => u.id !== myId);
  const body = { type, name: type === 'group' ? name : undefined, participantIds: chosen };
  const valid = createConversationBody.safeParse(body);

  const reset = () => {
    setName('');
    setSearch('');
    setChosen([]);
    create.reset();
  };

  const toggle = (id: string) => {
    if (type === 'direct') setChosen((c) => (c[0] === id ? [] : [id]));
    else setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid.success) return;
    create.mutate(body, {
      onSuccess: (conversation) => {
        onOpenChange(false);
        reset();
        onCreated(conversation.id);
      },
      onError: (error) => console.error('Creating the conversation failed', error),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="max-w-md">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>New conversation</DialogTitle>
            <DialogDescription>Message one person directly, or start a group.</DialogDescription>
          </DialogHeader>
          <Tabs
            value={type}
            onValueChange={(v) => {
              setType(v as ConversationType);
              setChosen((c) => (v === 'direct' ? c.slice(0, 1) : c));
            }}
          >
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="direct">Direct message</TabsTrigger>
              <TabsTrigger value="group">Group</TabsTrigger>
            </TabsList>
          </Tabs>
          {type === 'group' && (
            <div className="flex flex-col gap-2">
              <Label htmlFor="group-name">Group name</Label>
              <Input
                id="group-name"
                value={name}
                maxLength={100}
                placeholder="e.g. Design team"
                onChange={(e) => setName(e.target.value)}
              />
            </div>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor="people-search">{type === 'direct' ? 'Person' : 'People'}</Label>
            <div className="relative">
              <Search className="absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
              <Input
                id="people-search"
                className="pl-9"
                placeholder="Search by name or email"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <ul
              className="max-h-56 overflow-y-auto rounded-md border border-slate-200"
              aria-label="People"
              data-testid="people-list"
            >
              {people.isLoading &&
                Array.from({ length: 3 }, (_, i) => (
                  <li key={i} className="flex items-center gap-3 px-3 py-2.5">
                    <Skeleton className="h-4 w-2/3" />
                  </li>
                ))}
              {!people.isLoading && others.length === 0 && (
                <li className="px-3 py-6 text-center text-sm text-slate-500">No one matches your search</li>
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
                        selected ? 'bg-indigo-50' : 'hover:bg-slate-50',
                      )}
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-slate-800">{u.name}</span>
                        <span className="block text-xs text-slate-500">{capitalize(u.role)}</span>
                      </span>
                      {selected && <Check className="size-4 shrink-0 text-indigo-600" aria-hidden />}
                    </button>
                  </li>
                );
              })}
            </ul>
            {type === 'group' && (
              <p className="text-xs text-slate-500">{chosen.length} selected; you are added automatically.</p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              disabled={!valid.success || create.isPending}
              data-testid="create-conversation"
            >
              {type === 'direct' ? 'Open conversation' : 'Create group'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
