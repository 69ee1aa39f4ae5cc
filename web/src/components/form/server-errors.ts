import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's per-field messages (a 400's `fieldErrors`, or a 409 about one field) on the
 * fields they name, so they show where the user will fix them. Returns whether any field got one
 * (a field counts when the form holds a value for it: forms give every field a default).
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  const known = new Set(Object.keys(form.getValues()));
  let applied = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (!known.has(field) || !messages[0]) continue;
    form.setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
