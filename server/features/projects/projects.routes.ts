import { z } from 'zod';
import { idParam } from '@contract/common';
import { createProjectRequest, projectSchema, projectsQuery, updateProjectRequest } from '@contract/projects';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { createProject, listProjects, setProjectStatus } from './projects.service';

const managers = ['manager', 'admin'] as const;

/** Everyone reads projects; managers and admins create them and change their status (decisions §4). */
export async function projectsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/api/projects',
    {
      preValidation: deps.guard(),
      schema: { querystring: projectsQuery, response: { 200: z.array(projectSchema) } },
    },
    async (request) => listProjects(deps.db, request.query),
  );

  app.post(
    '/api/projects',
    {
      preValidation: deps.guard([...managers]),
      schema: { body: createProjectRequest, response: { 201: projectSchema } },
    },
    async (request, reply) => {
      const project = await createProject(deps.db, request.body, currentUser(request).id, deps.clock.now());
      return reply.status(201).send(project);
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      preValidation: deps.guard([...managers]),
      schema: { params: idParam, body: updateProjectRequest, response: { 200: projectSchema } },
    },
    async (request) => setProjectStatus(deps.db, request.params.id, request.body.status, deps.clock.now()),
  );
}
