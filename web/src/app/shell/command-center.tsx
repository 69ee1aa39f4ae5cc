import { attendanceApi } from '@contract/attendance';
import type { User } from '@contract/auth';
import { GENERAL_WORK, timersApi } from '@contract/timers';
import { CircleUser, HelpCircle, LogIn, LogOut, Plus, Search, Square, Timer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogFrame } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useClockIn, useClockOut } from '@/features/attendance';
import { CommandPalette, type PaletteCommand } from '@/features/search';
import { TaskDialog } from '@/features/tasks';
import { useStartTimer, useStopTimer } from '@/features/timers';
import { call, useApiQuery } from '@/lib/api';
import { formatClock } from '@/lib/format';
import { useOwnTimeZone } from '@/lib/time-zone';
import {
  keyLabels,
  type Shortcut,
  useShortcutList,
  useShortcutListener,
  useShortcuts,
} from '@/lib/shortcuts';
import { adminNav, isAdmin, mainNav, msg } from './nav-items';

const profilePage = { to: '/profile', label: msg('shell:nav.profile'), icon: CircleUser, key: 'f' };

/**
 * The palette (⌘K / Ctrl+K, '/'), the keyboard shortcuts and their help dialog ('?'), and the
 * new-task dialog they open: composed here, in the shell, from the features that own each action
 * (docs/product/search.md, docs/product/client-behaviour.md#keyboard-shortcuts).
 */
export function CommandCenter({
  user,
  paletteOpen,
  onPaletteOpenChange,
}: {
  user: User;
  paletteOpen: boolean;
  onPaletteOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const [newTaskOpen, setNewTaskOpen] = useState(false);
  // Read only while the palette is open: its commands say whether the timer runs and whether you are in.
  const timer = useApiQuery(timersApi.active, paletteOpen ? {} : null);
  const today = useApiQuery(attendanceApi.today, paletteOpen ? {} : null);
  const start = useStartTimer();
  const stop = useStopTimer();
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  // The person's own zone, as the attendance screen shows their times.
  const ownZone = useOwnTimeZone();

  const pages = useMemo(
    () => [...mainNav, profilePage, ...(isAdmin(user.role) ? adminNav : [])],
    [user.role],
  );

  /** Stops the running timer, or starts one for general work; asks the server which, as a click would. */
  const toggleTimer = async () => {
    const { timer: running } = await call(timersApi.active, {});
    if (running) stop.mutate({ body: { timerId: running.id } });
    else start.mutate({ body: { description: GENERAL_WORK } });
  };
  const clockedIn = Boolean(today.data?.current);
  const doClock = () => {
    const done = (title: string) => (record: { clockIn: string; clockOut?: string | null }) =>
      toast({
        title,
        description: t('clock.at', { time: formatClock(record.clockOut ?? record.clockIn, ownZone) }),
      });
    if (clockedIn) clockOut.mutate(undefined, { onSuccess: done(t('clock.clockedOut')) });
    else clockIn.mutate(undefined, { onSuccess: done(t('clock.clockedIn')) });
  };

  const shortcuts: Shortcut[] = [
    {
      keys: 'mod+k',
      group: 'General',
      description: t('shortcuts.palette'),
      run: () => onPaletteOpenChange(!paletteOpen),
    },
    { keys: '/', group: 'General', description: t('shortcuts.search'), run: () => onPaletteOpenChange(true) },
    { keys: 'c', group: 'General', description: t('shortcuts.newTask'), run: () => setNewTaskOpen(true) },
    { keys: 't', group: 'General', description: t('shortcuts.timer'), run: () => void toggleTimer() },
    { keys: '?', group: 'General', description: t('shortcuts.help'), run: () => setHelpOpen(true) },
    ...pages.map((p) => ({
      keys: `g ${p.key}`,
      group: 'Go to' as const,
      description: t(p.label),
      run: () => navigate(p.to),
    })),
  ];
  useShortcuts(shortcuts);
  useShortcutListener();

  const running = timer.data?.timer ?? null;
  const commands: PaletteCommand[] = [];
  // While the palette is still asking, it offers no timer or clock command rather than the wrong one.
  if (timer.data)
    commands.push(
      running
        ? {
            id: 'timer',
            group: 'commands',
            label: t('commands.stopTimer'),
            icon: Square,
            shortcut: ['T'],
            run: () => stop.mutate({ body: { timerId: running.id } }),
          }
        : {
            id: 'timer',
            group: 'commands',
            label: t('commands.startTimer'),
            icon: Timer,
            shortcut: ['T'],
            run: () => start.mutate({ body: { description: GENERAL_WORK } }),
          },
    );
  if (today.data)
    commands.push({
      id: 'clock',
      group: 'commands',
      label: clockedIn ? t('commands.clockOut') : t('commands.clockIn'),
      icon: clockedIn ? LogOut : LogIn,
      run: doClock,
    });
  commands.push(
    {
      id: 'new-task',
      group: 'commands',
      label: t('commands.newTask'),
      icon: Plus,
      shortcut: ['C'],
      run: () => setNewTaskOpen(true),
    },
    {
      id: 'help',
      group: 'commands',
      label: t('commands.help'),
      icon: HelpCircle,
      shortcut: ['?'],
      run: () => setHelpOpen(true),
    },
  );
  for (const p of pages)
    commands.push({
      id: `go-${p.to}`,
      group: 'goTo',
      label: t(p.label),
      icon: p.icon,
      shortcut: ['G', p.key.toUpperCase()],
      run: () => navigate(p.to),
    });

  return (
    <>
      <CommandPalette open={paletteOpen} onOpenChange={onPaletteOpenChange} commands={commands} />
      <TaskDialog open={newTaskOpen} onOpenChange={setNewTaskOpen} />
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
    </>
  );
}

/** '?': every shortcut the registry holds, by group, as the keys to press. */
function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('search');
  const list = useShortcutList();
  const groups = ['General', 'Go to'] as const;
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-md"
      title={t('help.title')}
      description={t('help.description')}
    >
      {groups.map((group) => (
        <section key={group} aria-labelledby={`shortcuts-${group}`}>
          <h3 id={`shortcuts-${group}`} className="mb-1 text-sm font-semibold text-foreground">
            {group === 'Go to' ? t('help.goTo') : t('help.general')}
          </h3>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {list
              .filter((s) => s.group === group)
              .map((s) => (
                <div key={s.keys} className="contents">
                  <dt className="text-muted-foreground">{s.description}</dt>
                  <dd className="flex justify-end gap-1">
                    {keyLabels(s.keys).map((k) => (
                      <kbd
                        key={k}
                        className="min-w-6 rounded border border-border bg-muted px-1.5 text-center font-mono text-xs text-foreground"
                      >
                        {k}
                      </kbd>
                    ))}
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </DialogFrame>
  );
}

/** The header's search button: the palette for touch and mouse, with its shortcut shown. */
export function SearchButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('search');
  const [mod, key] = keyLabels('mod+k');
  const apple = mod === '⌘';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
      data-testid="search-button"
      className="flex h-9 shrink-0 items-center gap-2 rounded-md border border-border bg-background px-2.5 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground sm:w-56"
    >
      <Search className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{t('button.label')}</span>
      <kbd className="ml-auto hidden rounded border border-border bg-muted px-1.5 font-mono text-xs sm:inline">
        {apple ? `⌘${key}` : `${mod} ${key}`}
      </kbd>
    </button>
  );
}
