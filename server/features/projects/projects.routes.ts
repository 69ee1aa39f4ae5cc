import { projectsApi } from '@contract/projects';
import { implement } from '../../lib/routes';
import {
  addProjectMember,
  createProject,
  getProjectDetail,
  listProjects,
  removeProjectMember,
  updateProject,
} from './projects.service';

/** Everyone reads projects; managers and admins create and change them and manage their members. */
export const projectsRoutes = implement(projectsApi, {
  list: (ctx, { query }) => listProjects(ctx, query),
  get: (ctx, { params }) => getProjectDetail(ctx, params.id),
  create: (ctx, { body }) => createProject(ctx, body),
  update: (ctx, { params, body }) => updateProject(ctx, params.id, body),
  addMember: (ctx, { params, body }) => addProjectMember(ctx, params.id, body.userId),
  removeMember: (ctx, { params }) => removeProjectMember(ctx, params.id, params.userId),
});
