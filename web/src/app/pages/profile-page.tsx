import { PageHeader } from '@/components/ui/page-header';
import {
  PasswordCard,
  PreferencesCard,
  ProfileDetailsCard,
  SessionsCard,
  TwoFactorCard,
} from '@/features/profile';

/** Each person's own account (docs/product/profile.md), reached from the user card in the sidebar. */
export function ProfilePage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        className="mb-0"
        title="Profile"
        description="Your details, password, two-factor sign-in, sessions and notifications."
      />
      <ProfileDetailsCard />
      <PreferencesCard />
      <PasswordCard />
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
