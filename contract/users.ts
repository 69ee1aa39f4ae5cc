import { z } from 'zod';
import { roleSchema } from './auth';
import { endpoints } from './endpoint';
import { text } from './common';

/** Assignable user (docs/product/accounts.md#people-list): who tasks can go to and who chats can include. */
export const assignableUser = z.object({ id: z.string(), name: z.string(), role: roleSchema });
export type AssignableUser = z.infer<typeof assignableUser>;

export const usersQuery = z.object({
  search: text({ max: 100 }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const usersApi = endpoints('Users', {
  assignable: {
    method: 'GET',
    path: '/api/users',
    summary: 'Approved, active people to assign tasks to or chat with, searchable by name',
    access: 'signedIn',
    query: usersQuery,
    responses: { 200: z.array(assignableUser) },
  },
});
