import { PageHeader } from '@/components/ui/page-header';

export function RegisterPage() {
  return <PageHeader title="Create your account" />;
}
