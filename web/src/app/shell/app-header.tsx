import { Menu } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { NotificationBell } from '@/features/notifications';
import { sectionTitle } from './nav-items';

interface AppHeaderProps {
  email: string;
  /** Shown below 768 px: opens the navigation drawer. */
  onOpenMenu?: () => void;
}

export function AppHeader({ email, onOpenMenu }: AppHeaderProps) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-white/70 sm:px-6">
      {onOpenMenu && (
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2 text-slate-600"
          aria-label="Open menu"
          data-testid="menu-button"
          onClick={onOpenMenu}
        >
          <Menu aria-hidden />
        </Button>
      )}
      <p data-testid="header-title" className="min-w-0 truncate text-base font-semibold text-slate-900">
        {sectionTitle(pathname)}
      </p>
      <p
        data-testid="header-email"
        className="ml-auto min-w-0 max-w-[50%] truncate text-sm text-slate-500"
        title={email}
      >
        {email}
      </p>
      <NotificationBell />
    </header>
  );
}
