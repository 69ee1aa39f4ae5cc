import { authApi } from '@contract/auth';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '@/lib/api';

/** The testing page's list; the search goes to the server so older codes can be found too. */
export const useVerificationCodes = (search: string) =>
  useApiQuery(
    authApi.verificationCodes,
    { query: { search: search.trim() || undefined } },
    { placeholderData: keepPreviousData },
  );
