import type { User } from '@contract/auth';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useLiveScreens } from '@/lib/live-screens';
import { AppHeader } from './app-header';
import { CommandCenter } from './command-center';
import { Sidebar } from './sidebar';
import { useIsDesktop } from './use-media-query';

const COLLAPSED_KEY = 'sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Sidebar + header around the page (docs/product/client-behaviour.md#layout-shell). Below 768 px the sidebar is a drawer. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const isDesktop = useIsDesktop();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const { pathname } = useLocation();
  // What others change shows on every screen without a reload (docs/product/client-behaviour.md#live-screens).
  useLiveScreens();

  // A navigation (or growing past the breakpoint) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => setDrawerOpen(false), [pathname, isDesktop]);

  const toggle = () => {
    setCollapsed((c) => {
      try {
        window.localStorage.setItem(COLLAPSED_KEY, String(!c));
      } catch {
        // storage may be unavailable (private mode); the toggle still works for this visit
      }
      return !c;
    });
  };

  return (
    // Tooltips exist only in the signed-in app, so their positioning code loads with the shell.
    <TooltipProvider>
      <div className="flex min-h-dvh bg-background">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('skipToContent')}
        </a>
        {isDesktop ? (
          <div className="sticky top-0 h-dvh shrink-0 print:hidden">
            <Sidebar user={user} collapsed={collapsed} onToggle={toggle} />
          </div>
        ) : (
          <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-overlay data-[state=open]:animate-fade-in" />
              <DialogPrimitive.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 max-w-[85vw] shadow-xl focus:outline-none data-[state=open]:animate-slide-in-left"
              >
                <DialogPrimitive.Title className="sr-only">{t('sidebar.drawerTitle')}</DialogPrimitive.Title>
                <Sidebar user={user} collapsed={false} className="max-w-[85vw]" />
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="contents print:hidden">
            <AppHeader
              email={user.email}
              onOpenMenu={isDesktop ? undefined : () => setDrawerOpen(true)}
              onOpenSearch={() => setPaletteOpen(true)}
            />
          </div>
          <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
            {/* Each page is as wide as the column: centred by its own auto margins, a page would
                otherwise shrink to its content (the Time Tracker narrowed when a timer started). */}
            <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 py-6 *:w-full sm:px-6 lg:px-8 lg:py-8">
              {children}
            </div>
          </main>
        </div>
      </div>
      <CommandCenter user={user} paletteOpen={paletteOpen} onPaletteOpenChange={setPaletteOpen} />
    </TooltipProvider>
  );
}
