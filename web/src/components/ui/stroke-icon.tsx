import type { ReactNode } from 'react';

/**
 * A lucide icon drawn in place, for the few screens of the entry chunk (the spinner, the last-resort
 * error screen): lucide's runtime would weigh more than the icon (docs/decisions/040-login-budget.md).
 * `children` are the icon's paths, copied from lucide.
 */
export function StrokeIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden
    >
      {children}
    </svg>
  );
}
