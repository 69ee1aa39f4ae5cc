import type { ReportScopeInfo } from '@contract/reports';
import type { TFunction } from 'i18next';
import { Globe, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOwnTimeZone } from '@/lib/time-zone';

/** "Your teams: Support, Web", "Everyone", "Only your own time", "Eli Employee". */
function whose(scope: ReportScopeInfo, t: TFunction): string {
  switch (scope.kind) {
    case 'own':
      return t('scope.own');
    case 'teams':
      return scope.teams.length ? t('scope.teams', { teams: scope.teams.join(', ') }) : t('scope.teamsNone');
    case 'team':
      return t('scope.team', { teams: scope.teams.join(', ') });
    case 'person':
      return scope.person ?? t('scope.person');
    case 'everyone':
      return t('scope.everyone');
  }
}

/**
 * Whose data a report covers, as the server decided it (docs/product/reports.md#scope), and the
 * zones its people's days count in when they are not only the viewer's own.
 */
export function ScopeLine({ scope }: { scope: ReportScopeInfo }) {
  const { t } = useTranslation();
  const ownZone = useOwnTimeZone();
  const otherZones = scope.zones.some((zone) => zone !== ownZone);
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="report-scope">
      <span className="inline-flex items-center gap-1.5 font-medium text-foreground">
        <Users className="size-4 text-muted-foreground" aria-hidden />
        {whose(scope, t)}
      </span>
      {otherZones && (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground" data-testid="report-zones">
          <Globe className="size-4" aria-hidden />
          {t('scope.zones', { zones: scope.zones.join(', ') })}
        </span>
      )}
    </p>
  );
}
