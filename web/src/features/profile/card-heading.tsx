import type { ReactNode } from 'react';

/** The page's sections are h2s under its h1 (CardTitle is an h3). */
export function CardHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-base font-semibold leading-tight tracking-tight">{children}</h2>;
}
