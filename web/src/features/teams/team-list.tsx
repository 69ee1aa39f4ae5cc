import type { Team } from '@contract/teams';
import { Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useTeams } from './api';
import { DeleteTeamDialog } from './delete-team-dialog';
import { TeamDialog } from './team-dialog';

const weeklyHours = (minutes: readonly number[]) => minutes.reduce((sum, m) => sum + m, 0) / 60;

/** A member who does not follow the team's default schedule (when it has one and the caller may see it). */
const deviates = (team: Team, member: Team['members'][number]) =>
  team.schedule !== null && member.schedule !== null && member.schedule !== 'team';

/** The teams the caller may see, each with its managers and members; admins edit and delete them. */
export function TeamList({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('teams');
  const teams = useTeams();
  const [editing, setEditing] = useState<Team | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  if (teams.isLoading)
    return (
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  if (!teams.data?.length)
    return (
      <Card>
        <EmptyState
          icon={Users}
          title={t('list.empty')}
          description={canEdit ? t('list.emptyAdmin') : t('list.emptyMember')}
        />
      </Card>
    );
  return (
    <>
      <h2 className="sr-only">{t('list.heading')}</h2>
      <ul className="grid gap-4 md:grid-cols-2" aria-label={t('list.heading')}>
        {teams.data.map((team) => (
          <li key={team.id} className="min-w-0">
            <Card className="h-full" data-testid="team-card">
              <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <CardTitle className="wrap-anywhere">{team.name}</CardTitle>
                  <p className="text-sm text-muted-foreground">
                    {t('list.people', { count: team.members.length })} ·{' '}
                    {team.schedule
                      ? t('list.schedule', {
                          hours: formatNumber(weeklyHours(team.schedule), { maximumFractionDigits: 2 }),
                        })
                      : t('list.organisationSchedule')}
                  </p>
                  <DeviationCount count={team.members.filter((m) => deviates(team, m)).length} />
                </div>
                {canEdit && (
                  <div className="flex shrink-0 gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('list.edit', { name: team.name })}
                      onClick={() => setEditing(team)}
                    >
                      <Pencil aria-hidden /> {t('common:actions.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive"
                      aria-label={t('list.delete', { name: team.name })}
                      onClick={() => setDeleting(team)}
                    >
                      <Trash2 aria-hidden /> {t('common:actions.delete')}
                    </Button>
                  </div>
                )}
              </CardHeader>
              <CardContent>
                {team.members.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('list.nobody')}</p>
                ) : (
                  <ul className="flex flex-col divide-y text-sm">
                    {team.members.map((m) => (
                      <li key={m.userId} className="flex items-center justify-between gap-2 py-1.5">
                        <span className="min-w-0 truncate-wide">{m.name}</span>
                        <span className="flex shrink-0 flex-wrap justify-end gap-1">
                          {deviates(team, m) && (
                            <Badge variant="amber">{t('list.memberSchedule', { source: m.schedule })}</Badge>
                          )}
                          <Badge variant={m.role === 'manager' ? 'indigo' : 'gray'}>
                            {t(`roles.${m.role}`)}
                          </Badge>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {canEdit && editing && (
        <TeamDialog team={editing} open onOpenChange={(open) => !open && setEditing(null)} />
      )}
      {canEdit && <DeleteTeamDialog team={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

/** "2 people follow another schedule", when anyone does. */
function DeviationCount({ count }: { count: number }) {
  const { t } = useTranslation('teams');
  if (count === 0) return null;
  return <p className="text-sm text-warning-foreground">{t('list.deviates', { count })}</p>;
}
