import { z } from 'zod';
import { assignableUser, usersQuery } from '@contract/users';
import type { AppDeps, ZodApp } from '../../app';
import { listAssignableUsers } from './users.service';

export async function usersRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/api/users',
    {
      preValidation: deps.guard(),
      schema: { querystring: usersQuery, response: { 200: z.array(assignableUser) } },
    },
    async (request) => listAssignableUsers(deps.db, request.query),
  );
}
