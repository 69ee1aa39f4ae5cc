import { PageHeader } from '@/components/ui/page-header';

export function LoginPage() {
  return <PageHeader title="Sign In" />;
}
