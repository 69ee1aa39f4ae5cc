import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { NotificationBell } from '@/features/notifications';
import { SearchButton } from './command-center';
import { ThemeMenu } from './theme-menu';
import { sectionTitle } from './nav-items';

interface AppHeaderProps {
  email: string;
  /** Shown below 768 px: opens the navigation drawer. */
  onOpenMenu?: () => void;
  /** opens the search and command palette */
  onOpenSearch: () => void;
}

export function AppHeader({ email, onOpenMenu, onOpenSearch }: AppHeaderProps) {
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b border-border bg-card/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-card/70 sm:px-6">
      {onOpenMenu && (
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2 text-subtle-foreground"
          aria-label={t('header.openMenu')}
          data-testid="menu-button"
          onClick={onOpenMenu}
        >
          <Menu aria-hidden />
        </Button>
      )}
      {/* Wraps to a second line rather than be cut short on a phone (docs/decisions/038-phones.md). */}
      <p
        data-testid="header-title"
        className="min-w-0 text-base leading-tight font-semibold text-foreground wrap-break-word"
      >
        {t(sectionTitle(pathname))}
      </p>
      <div className="ml-auto" />
      <SearchButton onClick={onOpenSearch} />
      <p
        data-testid="header-email"
        className="hidden min-w-0 max-w-[30%] truncate text-sm text-muted-foreground md:block"
        title={email}
      >
        {email}
      </p>
      <ThemeMenu />
      <NotificationBell />
    </header>
  );
}
