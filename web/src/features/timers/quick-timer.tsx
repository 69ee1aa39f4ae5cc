import { GENERAL_WORK } from '@contract/timers';
import { Play, Square, Timer } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatElapsed } from '@/lib/format';
import { useActiveTimer, useElapsedSeconds, useStartTimer, useStopTimer } from './api';

/** The dashboard's Quick Timer: a timer with just a description (spec point 2). */
export function QuickTimer() {
  const active = useActiveTimer();
  const timer = active.data?.timer ?? null;
  const elapsed = useElapsedSeconds(timer?.startTime);
  const start = useStartTimer();
  const stop = useStopTimer();
  const [description, setDescription] = useState('');

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer className="size-4 text-primary" aria-hidden /> Quick Timer
        </CardTitle>
        <CardDescription>Track time without leaving the dashboard.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="font-mono text-3xl font-semibold tabular-nums" role="timer" aria-label="Elapsed time">
          {formatElapsed(elapsed)}
        </div>
        {active.isLoading ? (
          <Skeleton className="h-9 w-full" />
        ) : timer ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 truncate text-sm text-muted-foreground">
              {timer.task ?? timer.description}
              {timer.project ? ` · ${timer.project}` : ''}
            </p>
            <Button variant="destructive" onClick={() => stop.mutate(timer.id)} disabled={stop.isPending}>
              <Square aria-hidden /> Stop Timer
            </Button>
          </div>
        ) : (
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              start.mutate(
                { description: description.trim() || GENERAL_WORK },
                { onSuccess: () => setDescription('') },
              );
            }}
          >
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor="quick-timer-description" className="sr-only">
                Description
              </Label>
              <Input
                id="quick-timer-description"
                placeholder="What are you working on?"
                maxLength={500}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={start.isPending}>
              <Play aria-hidden /> Start Timer
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
