import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import type { NavEntry } from './nav-items';

interface NavItemProps {
  entry: NavEntry;
  active: boolean;
  /** Icon-only rail: the label moves into a tooltip. */
  iconOnly: boolean;
  /** Optional count shown as a pill (e.g. unread chat messages); hidden when 0 or absent. */
  badge?: number;
}

export function NavItem({ entry, active, iconOnly, badge }: NavItemProps) {
  const { t } = useTranslation('shell');
  const Icon = entry.icon;
  const label = t(entry.label);
  const count = badge && badge > 0 ? (badge > 99 ? '99+' : String(badge)) : null;
  const link = (
    <Link
      to={entry.to}
      data-testid={`nav-${entry.slug}`}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'group relative flex h-9 items-center gap-3 rounded-md text-sm font-medium transition-colors',
        iconOnly ? 'mx-auto w-10 justify-center' : 'px-3',
        active
          ? 'bg-primary-soft text-primary-soft-foreground'
          : 'text-subtle-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      <Icon
        className={cn(
          'size-[18px] shrink-0',
          active ? 'text-primary' : 'text-faint-foreground group-hover:text-subtle-foreground',
        )}
        aria-hidden
      />
      <span className={cn('truncate', iconOnly && 'sr-only')}>{label}</span>
      {count &&
        (iconOnly ? (
          <span
            aria-hidden
            className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-none text-primary-foreground ring-2 ring-card"
          >
            {count}
          </span>
        ) : (
          <span className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold leading-none text-primary-foreground">
            {count}
          </span>
        ))}
      {count && <span className="sr-only"> {t('nav.unread')}</span>}
    </Link>
  );
  if (!iconOnly) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
