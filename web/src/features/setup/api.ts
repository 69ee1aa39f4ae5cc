import { setupApi } from '@contract/setup';
import { useApiMutation, useApiQuery } from '@/lib/api';

/** The admins' checklist; the steps are read again whenever the dashboard is shown or refocused. */
export const useSetup = (enabled: boolean) => useApiQuery(setupApi.get, {}, { enabled });
export const useDismissSetup = () => useApiMutation(setupApi.dismiss, { refreshes: [setupApi.get] });

export const useIntro = (enabled: boolean) => useApiQuery(setupApi.intro, {}, { enabled });
export const useDismissIntro = () => useApiMutation(setupApi.dismissIntro, { refreshes: [setupApi.intro] });
