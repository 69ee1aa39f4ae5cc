import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled control with its validation message, announced to screen readers. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** First message per field from a zod error or an API 400's fieldErrors. */
export function firstErrors(fieldErrors: Record<string, string[] | undefined> | undefined) {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {}))
    if (messages?.[0]) out[field] = messages[0];
  return out;
}
