import { Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatBalance } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCurrentUser } from '@/lib/auth';
import { useOwnTeams, useTeamOvertime } from './api';

const tone = (seconds: number) =>
  seconds > 0 ? 'text-success-foreground' : seconds < 0 ? 'text-danger-foreground' : 'text-muted-foreground';

/**
 * Whose overtime the table holds (docs/product/reports.md#scope): everyone for an admin, the people
 * of the teams a manager manages (by name).
 */
function useScope(): string | undefined {
  const { user } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const teams = useOwnTeams(user?.role === 'manager');
  if (isAdmin) return 'Everyone';
  const managed = (teams.data ?? [])
    .filter((team) => team.members.some((m) => m.userId === user?.id && m.role === 'manager'))
    .map((team) => team.name);
  if (!teams.data) return undefined;
  return managed.length ? `Your teams: ${managed.join(', ')}` : 'Nobody: you manage no team yet';
}

/**
 * The overtime of everyone the caller manages (admins: everyone), each as their own timesheet
 * shows it (docs/product/timesheets.md#overtime); a row opens that person's current week.
 */
export function TeamOvertime({
  week,
  onOpen,
}: {
  week: string;
  onOpen: (userId: string, week: string) => void;
}) {
  const overtime = useTeamOvertime();
  const scope = useScope();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team overtime</CardTitle>
        <CardDescription>
          Tracked minus expected time: over approved weeks, and this month so far.
        </CardDescription>
        {scope && (
          <p className="text-sm font-medium text-subtle-foreground" data-testid="overtime-scope">
            {scope}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {overtime.isLoading ? (
          <Skeleton className="h-24" />
        ) : !overtime.data?.length ? (
          <EmptyState
            icon={Users}
            title="Nobody to show yet"
            description="The people of the teams you manage appear here."
          />
        ) : (
          <Table aria-label="Team overtime">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Person</TableHead>
                <TableHead scope="col" className="text-right">
                  Approved weeks
                </TableHead>
                <TableHead scope="col" className="text-right">
                  This month
                </TableHead>
                <TableHead scope="col">
                  <span className="sr-only">Open</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {overtime.data.map((row) => (
                <TableRow key={row.userId}>
                  <TableHead
                    scope="row"
                    className="normal-case tracking-normal text-sm font-medium text-foreground"
                  >
                    {row.userName}
                  </TableHead>
                  <TableCell className={cn('text-right tabular-nums', tone(row.approvedSeconds))}>
                    {formatBalance(row.approvedSeconds)}
                  </TableCell>
                  <TableCell className={cn('text-right tabular-nums', tone(row.monthSeconds))}>
                    {formatBalance(row.monthSeconds)}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`View ${row.userName}'s timesheet`}
                      onClick={() => onOpen(row.userId, week)}
                    >
                      View
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
