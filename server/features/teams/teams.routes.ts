import { teamsApi } from '@contract/teams';
import { implement } from '../../lib/routes';
import { createTeam, deleteTeam, listTeams, updateTeam } from './teams.service';

/** Everyone reads the teams they are in (admins: all); only admins write (docs/product/teams.md). */
export const teamsRoutes = implement(teamsApi, {
  list: (ctx, { query }) => listTeams(ctx, query),
  create: (ctx, { body }) => createTeam(ctx, body),
  update: (ctx, { params, body }) => updateTeam(ctx, params.id, body),
  remove: (ctx, { params }) => deleteTeam(ctx, params.id),
});
