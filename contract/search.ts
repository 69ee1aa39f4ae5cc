import { z } from 'zod';
import { roleSchema } from './auth';
import { text } from './common';
import { endpoints } from './endpoint';
import { projectStatusSchema } from './projects';
import { taskStatusSchema } from './tasks';

/** The longest search text taken: a type-ahead box, not a document (docs/product/search.md). */
export const SEARCH_MAX_LENGTH = 100;
/** At most this many results in each group. */
export const SEARCH_GROUP_LIMIT = 5;

export const searchQuery = z.object({
  q: text({
    max: SEARCH_MAX_LENGTH,
    required: 'search_required',
    tooLong: 'search_too_long',
  }),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const taskHit = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  project: z.string().nullable(),
  assigneeId: z.string(),
  assignee: z.string(),
});
export type TaskHit = z.infer<typeof taskHit>;

export const projectHit = z.object({ id: z.string(), name: z.string(), status: projectStatusSchema });
export type ProjectHit = z.infer<typeof projectHit>;

/** Everyone sees approved, active people; admins also see pending and suspended accounts. */
export const personStatuses = ['active', 'pending', 'suspended', 'rejected'] as const;
export const personHit = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  status: z.enum(personStatuses),
});
export type PersonHit = z.infer<typeof personHit>;

export const messageHit = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** the group's name, or the other person's for a direct conversation */
  conversation: z.string(),
  senderName: z.string(),
  content: z.string(),
  timestamp: z.string(),
});
export type MessageHit = z.infer<typeof messageHit>;

export const searchResults = z.object({
  tasks: z.array(taskHit),
  projects: z.array(projectHit),
  people: z.array(personHit),
  messages: z.array(messageHit),
});
export type SearchResults = z.infer<typeof searchResults>;

export const searchApi = endpoints('Search', {
  search: {
    method: 'GET',
    path: '/api/search',
    summary:
      'Tasks, projects, people and chat messages matching the text, each group only what the caller may see',
    access: 'signedIn',
    query: searchQuery,
    responses: { 200: searchResults },
  },
});
