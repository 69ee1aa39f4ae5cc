import { initials } from '@/lib/format';
import { cn } from '@/lib/utils';

const sizes = {
  xs: 'size-6 text-[10px]',
  sm: 'size-8 text-xs',
  md: 'size-9 text-sm',
  lg: 'size-10 text-sm',
} as const;

/**
 * A person's picture (their profileImageUrl), or their initials on indigo when they have none
 * (docs/product/profile.md). Decorative: the name is always written beside it, so it is hidden from
 * assistive tech. The one avatar of the app: user card, chat, task cards.
 */
export function Avatar({
  name,
  src,
  size = 'md',
  className,
  testId,
}: {
  /** "First Last"; the initials are the first letters of the first and the last word */
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
  testId?: string;
}) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        aria-hidden
        data-testid={testId}
        className={cn('shrink-0 rounded-full object-cover', sizes[size], className)}
      />
    );
  }
  const words = name.trim().split(/\s+/);
  return (
    <span
      aria-hidden
      data-testid={testId ? `${testId}-initials` : undefined}
      className={cn(
        'flex shrink-0 select-none items-center justify-center rounded-full bg-primary-muted font-semibold text-primary-soft-foreground',
        sizes[size],
        className,
      )}
    >
      {initials(words[0], words.length > 1 ? words[words.length - 1] : '')}
    </span>
  );
}
