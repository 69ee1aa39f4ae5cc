import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ChatPanel, NewConversationDialog } from '@/features/chat';
import { useStoredUser } from '@/lib/auth';

/** The selected conversation lives in the address (?c=id), so a reload or a shared link keeps it. */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const [params, setParams] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(false);
  const me = useStoredUser();
  const selectedId = params.get('c');
  const select = (id: string | null) => setParams(id ? { c: id } : {}, { replace: false });

  return (
    <>
      <PageHeader
        title={t('page.title')}
        className="mb-4"
        actions={
          <Button onClick={() => setDialogOpen(true)} data-testid="new-conversation">
            <Plus aria-hidden />
            {t('page.newConversation')}
          </Button>
        }
      />
      <ChatPanel selectedId={selectedId} onSelect={select} />
      <NewConversationDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        myId={me?.id}
        onCreated={select}
      />
    </>
  );
}
