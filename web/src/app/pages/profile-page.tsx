import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import {
  AppearanceCard,
  LanguageCard,
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
  const { t } = useTranslation('profile');
  const required = useStoredUser()?.twoFactorSetupRequired === true;
  const [mustEnrol] = useState(required);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader className="mb-0" title={t('page.title')} description={t('page.description')} />
      {mustEnrol && <TwoFactorCard />}
      <ProfileDetailsCard />
      <LanguageCard />
      <PreferencesCard />
      <AppearanceCard />
      <PasswordCard />
      {!mustEnrol && <TwoFactorCard />}
      <SessionsCard />
      <TokensCard />
    </div>
  );
}
