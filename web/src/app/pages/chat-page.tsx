import { PageHeader } from '@/components/ui/page-header';

export function ChatPage() {
  return <PageHeader title="Team Chat" />;
}
