import { z } from 'zod';
import { roleSchema } from './auth';

/** Assignable user (spec point 3): who tasks can go to and who chats can include. */
export const assignableUser = z.object({ id: z.string(), name: z.string(), role: roleSchema });
export type AssignableUser = z.infer<typeof assignableUser>;

export const usersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
