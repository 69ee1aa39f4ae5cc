import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ScheduleCard, TeamDialog, TeamList } from '@/features/teams';
import { useCurrentUser } from '@/lib/auth';

/** Team Management (docs/decisions/011-teams-schedules-timesheets.md): teams and work schedules. */
export function TeamManagePage() {
  const { t } = useTranslation('teams');
  const { user } = useCurrentUser();
  // The server refuses the writes to anyone else (docs/product/teams.md); the controls follow.
  const isAdmin = user?.role === 'admin';
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title={t('page.title')}
        description={isAdmin ? t('page.descriptionAdmin') : t('page.description')}
        actions={
          isAdmin && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {t('page.newTeam')}
            </Button>
          )
        }
      />
      <TeamList canEdit={isAdmin} />
      <ScheduleCard />
      {isAdmin && <TeamDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
