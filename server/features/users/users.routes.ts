import { usersApi } from '@contract/users';
import { implement } from '../../lib/routes';
import { listAssignableUsers } from './users.service';

export const usersRoutes = implement(usersApi, {
  assignable: (ctx, { query }) => listAssignableUsers(ctx, query),
});
