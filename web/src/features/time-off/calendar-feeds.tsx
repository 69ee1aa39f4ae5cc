import { Check, Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format';
import { useCreateFeed, useFeeds, useRevokeFeed, useTeams } from './api';

type Feed = {
  id: string;
  scope: 'mine' | 'team';
  teamId: string | null;
  teamName: string | null;
  createdAt: string;
};
const feedName = (f: Pick<Feed, 'scope' | 'teamName'>) =>
  f.scope === 'mine' ? 'My time off' : `Team ${f.teamName ?? ''}`;
const failed = (title: string) => (error: Error) =>
  toast({ variant: 'destructive', title, description: error.message });

/**
 * Secret iCalendar URLs (docs/product/time-off.md#feeds): one's own absences, or a team's; the URL
 * is shown once, right after it is made, with a copy button.
 */
export function CalendarFeeds() {
  const feeds = useFeeds();
  const teams = useTeams();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const [teamId, setTeamId] = useState<string | undefined>();
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  const make = (scope: 'mine' | 'team', team?: { id: string; name: string }, replacing?: Feed) => {
    const body = scope === 'team' && team ? { scope, teamId: team.id } : { scope };
    create.mutate(
      { body },
      {
        onSuccess: (feed) => {
          setMade({ name: feedName({ scope, teamName: team?.name ?? null }), url: feed.url });
          if (replacing)
            revoke.mutate(
              { params: { id: replacing.id } },
              { onError: failed('Could not revoke the old URL') },
            );
        },
        onError: failed('Could not make the feed'),
      },
    );
  };
  const team = teams.data?.find((t) => t.id === teamId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feeds</CardTitle>
        <CardDescription>
          A private web address that calendar apps read: paste it into Google Calendar (“From URL”), Outlook
          (“Subscribe from web”) or Thunderbird (“On the network”). Absences show as all-day events; private
          reasons read “Out” and notes never appear. Anyone with the address can read it: revoke it if it
          leaks.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-end gap-3">
          <Button onClick={() => make('mine')} disabled={create.isPending}>
            <Link2 aria-hidden /> Make a feed of my time off
          </Button>
          <div className="flex flex-wrap items-end gap-2">
            <div className="w-56">
              <FilterSelect
                id="feed-team"
                label="Team"
                allLabel="Choose a team"
                value={teamId}
                options={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
                onChange={setTeamId}
              />
            </div>
            <Button
              variant="outline"
              disabled={!team || create.isPending}
              onClick={() => team && make('team', team)}
            >
              Make a team feed
            </Button>
          </div>
        </div>
        {made && <NewUrl name={made.name} url={made.url} onDone={() => setMade(null)} />}
        {feeds.isLoading ? (
          <Skeleton className="h-16" />
        ) : !feeds.data?.length ? (
          <p className="text-sm text-muted-foreground">You have no calendar feeds.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border" aria-label="My calendar feeds">
            {feeds.data.map((f) => (
              <li
                key={f.id}
                className="flex flex-wrap items-center justify-between gap-3 px-3 py-2"
                data-testid="feed-item"
              >
                <div className="grid">
                  <span className="font-medium">{feedName(f)}</span>
                  <span className="text-xs text-muted-foreground">Made {formatDate(f.createdAt)}</span>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`New URL for ${feedName(f)}`}
                    disabled={create.isPending}
                    onClick={() =>
                      make(f.scope, f.teamId ? { id: f.teamId, name: f.teamName ?? '' } : undefined, f)
                    }
                  >
                    New URL
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Revoke ${feedName(f)}`}
                    onClick={() =>
                      revoke.mutate(
                        { params: { id: f.id } },
                        {
                          onSuccess: () =>
                            toast({ title: 'Feed revoked', description: 'Its URL no longer works.' }),
                          onError: failed('Could not revoke'),
                        },
                      )
                    }
                  >
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The URL, this once: copy it now; it cannot be shown again (only its hash is kept). */
function NewUrl({ name, url, onDone }: { name: string; url: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: 'Select the address and copy it.',
      });
    }
  };
  return (
    <div
      role="status"
      className="grid gap-2 rounded-md border border-success-border bg-success-soft p-3"
      data-testid="feed-url"
    >
      <Label htmlFor="feed-url" className="text-success-foreground">
        {name}: copy this address now, it is shown only once
      </Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="feed-url"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
          className="min-w-48 flex-1 font-mono text-xs"
        />
        <Button variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
