import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import {
  AppearanceCard,
  PasswordCard,
  PreferencesCard,
  ProfileDetailsCard,
  SessionsCard,
  TokensCard,
  TwoFactorCard,
} from '@/features/profile';
import { useStoredUser } from '@/lib/auth';

/** Each person's own account (docs/product/profile.md), reached from the user card in the sidebar. */
export function ProfilePage() {
  // Sent here to enrol (docs/product/accounts.md#two-factor): the two-factor card comes first. Its
  // place is fixed for the visit, so enrolling does not move (and remount) it under the recovery codes.
  const required = useStoredUser()?.twoFactorSetupRequired === true;
  const [mustEnrol] = useState(required);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        className="mb-0"
        title="Profile"
        description="Your details, password, two-factor sign-in, sessions, API tokens and notifications."
      />
      {mustEnrol && <TwoFactorCard />}
      <ProfileDetailsCard />
      <PreferencesCard />
      <AppearanceCard />
      <PasswordCard />
      {!mustEnrol && <TwoFactorCard />}
      <SessionsCard />
      <TokensCard />
    </div>
  );
}
