import type { ReportScopeInfo } from '@contract/reports';
import { Globe, Users } from 'lucide-react';
import { useOwnTimeZone } from '@/lib/time-zone';

/** "Your teams: Support, Web", "Everyone", "Only your own time", "Eli Employee". */
function whose(scope: ReportScopeInfo): string {
  switch (scope.kind) {
    case 'own':
      return 'Only your own time';
    case 'teams':
      return scope.teams.length ? `Your teams: ${scope.teams.join(', ')}` : 'Your teams: none yet';
    case 'team':
      return `Team: ${scope.teams.join(', ')}`;
    case 'person':
      return scope.person ?? 'One person';
    case 'everyone':
      return 'Everyone';
  }
}

/**
 * Whose data a report covers, as the server decided it (docs/product/reports.md#scope), and the
 * zones its people's days count in when they are not only the viewer's own.
 */
export function ScopeLine({ scope }: { scope: ReportScopeInfo }) {
  const ownZone = useOwnTimeZone();
  const otherZones = scope.zones.some((zone) => zone !== ownZone);
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="report-scope">
      <span className="inline-flex items-center gap-1.5 font-medium text-foreground">
        <Users className="size-4 text-muted-foreground" aria-hidden />
        {whose(scope)}
      </span>
      {otherZones && (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground" data-testid="report-zones">
          <Globe className="size-4" aria-hidden />
          Each person's days in their own zone: {scope.zones.join(', ')}
        </span>
      )}
    </p>
  );
}
