import type { ReactNode } from 'react';
import { LanguagePicker } from '@/components/language-picker';
import { BrandMark } from './brand-mark';

/** The centered card every signed-out screen uses, with the product mark above it. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center bg-gradient-to-b from-background to-primary-soft/40 px-4 py-10">
      <div className="w-full max-w-md">
        <BrandMark className="mb-6" />
        <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight text-foreground">{title}</h1>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
          <div className="mt-6">{children}</div>
        </div>
        <div className="mt-4">
          <LanguagePicker />
        </div>
      </div>
    </div>
  );
}
