import { PageHeader } from '@/components/ui/page-header';

export function VerificationCodesPage() {
  return <PageHeader title="Verification Codes" />;
}
