import { projectsApi } from '@contract/projects';
import { useApiQuery } from './api';

/** Every project, for the pickers of tasks, timers and time entries (one cached read for all). */
export const useProjectOptions = () => useApiQuery(projectsApi.list, {});
