import { ApiError } from '@/lib/api-client';

/** The fixed failure text (docs/product/ui-texts.md), then the server's own reason when it gave one (e.g. a 409). */
export function errorDescription(text: string, error: Error) {
  const reason = error instanceof ApiError && error.status < 500 ? error.message : undefined;
  if (!reason) return text;
  return (
    <>
      {text}
      <span className="mt-0.5 block text-xs">{reason}</span>
    </>
  );
}
