import type { User } from '@contract/auth';
import { LogOut, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useChatUnreadTotal } from '@/features/chat';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { logout } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { NavItem } from './nav-item';
import { adminNav, isAdmin, isEntryActive, mainNav } from './nav-items';
import { UserCard } from './user-card';

interface SidebarProps {
  user: User;
  /** Icon-only rail (desktop only). */
  collapsed: boolean;
  /** Desktop: the collapse toggle. Drawer: absent (a close button is shown instead). */
  onToggle?: () => void;
  className?: string;
}

function Brand({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation('shell');
  if (hidden) return null;
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <img src="/favicon.svg" alt="" className="size-8 shrink-0" />
      <span className="truncate text-base font-semibold tracking-tight text-foreground">
        {t('common:app.name')}
      </span>
    </div>
  );
}

export function Sidebar({ user, collapsed, onToggle, className }: SidebarProps) {
  const { pathname } = useLocation();
  const iconOnly = collapsed && onToggle !== undefined;
  const admin = isAdmin(user.role);
  const unreadChat = useChatUnreadTotal();
  const { t } = useTranslation('shell');

  return (
    <aside
      data-testid="sidebar"
      aria-label={t('sidebar.label')}
      className={cn(
        'flex h-full flex-col border-r border-border bg-card transition-[width] duration-200',
        iconOnly ? 'w-16' : 'w-64',
        className,
      )}
    >
      <div
        className={cn(
          'flex h-14 shrink-0 items-center border-b border-border px-3',
          iconOnly ? 'justify-center' : 'justify-between gap-2 pl-4',
        )}
      >
        <Brand hidden={iconOnly} />
        {onToggle ? (
          <Button
            variant="ghost"
            size="icon"
            className="text-muted-foreground"
            data-testid="sidebar-toggle"
            aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
            aria-expanded={!collapsed}
            onClick={onToggle}
          >
            {collapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
          </Button>
        ) : (
          <DialogPrimitive.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              className="text-muted-foreground"
              aria-label={t('sidebar.closeMenu')}
            >
              <X aria-hidden />
            </Button>
          </DialogPrimitive.Close>
        )}
      </div>

      <nav aria-label={t('sidebar.sections')} className="flex-1 overflow-y-auto overflow-x-hidden px-3 py-4">
        <ul className="flex flex-col gap-1">
          {mainNav.map((entry) => (
            <li key={entry.to}>
              <NavItem
                entry={entry}
                active={isEntryActive(entry, pathname)}
                iconOnly={iconOnly}
                badge={entry.to === '/chat' ? unreadChat : undefined}
              />
            </li>
          ))}
        </ul>
        {admin && (
          <>
            {iconOnly ? (
              <hr className="my-4 border-border" />
            ) : (
              <p className="mt-6 mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                {t('sidebar.admin')}
              </p>
            )}
            <ul className="flex flex-col gap-1">
              {adminNav.map((entry) => (
                <li key={entry.to}>
                  <NavItem entry={entry} active={isEntryActive(entry, pathname)} iconOnly={iconOnly} />
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>

      <div className="shrink-0 border-t border-border p-3">
        <UserCard user={user} iconOnly={iconOnly} />
      </div>

      <div className="shrink-0 border-t border-border p-3">
        <LogoutButton iconOnly={iconOnly} />
      </div>
    </aside>
  );
}

function LogoutButton({ iconOnly }: { iconOnly: boolean }) {
  const { t } = useTranslation('shell');
  const button = (
    <Button
      variant="ghost"
      data-testid="logout"
      aria-label={iconOnly ? t('sidebar.logout') : undefined}
      onClick={() => void logout()}
      className={cn(
        'text-subtle-foreground hover:bg-danger-soft hover:text-danger-foreground',
        iconOnly ? 'mx-auto flex size-10 p-0' : 'w-full justify-start gap-3 px-3',
      )}
    >
      <LogOut className="size-[18px]!" aria-hidden />
      {!iconOnly && t('sidebar.logout')}
    </Button>
  );
  if (!iconOnly) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right">{t('sidebar.logout')}</TooltipContent>
    </Tooltip>
  );
}
