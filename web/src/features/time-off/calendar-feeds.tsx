import { Check, Copy, Link2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
const feedName = (f: Pick<Feed, 'scope' | 'teamName'>, t: TFunction) =>
  f.scope === 'mine' ? t('time-off:feeds.mine') : t('time-off:feeds.team', { name: f.teamName ?? '' });
const failed = (title: string) => (error: Error) =>
  toast({ variant: 'destructive', title, description: error.message });

/**
 * Secret iCalendar URLs (docs/product/time-off.md#feeds): one's own absences, or a team's; the URL
 * is shown once, right after it is made, with a copy button.
 */
export function CalendarFeeds() {
  const { t } = useTranslation('time-off');
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
          setMade({ name: feedName({ scope, teamName: team?.name ?? null }, t), url: feed.url });
          if (replacing)
            revoke.mutate({ params: { id: replacing.id } }, { onError: failed(t('feeds.revokeOldFailed')) });
        },
        onError: failed(t('feeds.makeFailed')),
      },
    );
  };
  const team = teams.data?.find((candidate) => candidate.id === teamId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('feeds.title')}</CardTitle>
        <CardDescription>{t('feeds.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-end gap-3">
          <Button onClick={() => make('mine')} disabled={create.isPending}>
            <Link2 aria-hidden /> {t('feeds.makeMine')}
          </Button>
          <div className="flex flex-wrap items-end gap-2">
            <div className="w-56">
              <FilterSelect
                id="feed-team"
                label={t('feeds.teamLabel')}
                allLabel={t('feeds.chooseTeam')}
                value={teamId}
                options={(teams.data ?? []).map((one) => ({ value: one.id, label: one.name }))}
                onChange={setTeamId}
              />
            </div>
            <Button
              variant="outline"
              disabled={!team || create.isPending}
              onClick={() => team && make('team', team)}
            >
              {t('feeds.makeTeam')}
            </Button>
          </div>
        </div>
        {made && <NewUrl name={made.name} url={made.url} onDone={() => setMade(null)} />}
        {feeds.isLoading ? (
          <Skeleton className="h-16" />
        ) : !feeds.data?.length ? (
          <p className="text-sm text-muted-foreground">{t('feeds.none')}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border" aria-label={t('feeds.list')}>
            {feeds.data.map((f) => (
              <li
                key={f.id}
                className="flex flex-wrap items-center justify-between gap-3 px-3 py-2"
                data-testid="feed-item"
              >
                <div className="grid">
                  <span className="font-medium">{feedName(f, t)}</span>
                  <span className="text-xs text-muted-foreground">
                    {t('feeds.made', { date: formatDate(f.createdAt) })}
                  </span>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('feeds.newUrlLabel', { name: feedName(f, t) })}
                    disabled={create.isPending}
                    onClick={() =>
                      make(f.scope, f.teamId ? { id: f.teamId, name: f.teamName ?? '' } : undefined, f)
                    }
                  >
                    {t('feeds.newUrl')}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('feeds.revokeLabel', { name: feedName(f, t) })}
                    onClick={() =>
                      revoke.mutate(
                        { params: { id: f.id } },
                        {
                          onSuccess: () =>
                            toast({ title: t('feeds.revoked'), description: t('feeds.revokedDescription') }),
                          onError: failed(t('feeds.revokeFailed')),
                        },
                      )
                    }
                  >
                    {t('feeds.revoke')}
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
  const { t } = useTranslation('time-off');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast({
        variant: 'destructive',
        title: t('feeds.copyFailed'),
        description: t('feeds.copyFailedDescription'),
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
        {t('feeds.copyNow', { name })}
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
          {copied ? t('common:actions.copied') : t('common:actions.copy')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('feeds.done')}
        </Button>
      </div>
    </div>
  );
}
