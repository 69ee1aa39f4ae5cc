import { projectsApi } from '@contract/projects';
import { implement } from '../../lib/routes';
import { createProject, listProjects, setProjectStatus } from './projects.service';

/** Everyone reads projects; managers and admins create them and change their status. */
export const projectsRoutes = implement(projectsApi, {
  list: (ctx, { query }) => listProjects(ctx, query),
  create: (ctx, { body }) => createProject(ctx, body),
  setStatus: (ctx, { params, body }) => setProjectStatus(ctx, params.id, body.status),
});
