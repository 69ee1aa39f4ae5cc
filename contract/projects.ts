import { z } from 'zod';
import { idParam, text } from './common';
import { endpoints } from './endpoint';

export const projectStatuses = ['active', 'on_hold', 'completed', 'cancelled'] as const;
export const projectStatusSchema = z.enum(projectStatuses, { message: 'Choose a valid status' });
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** The create dialog offers the first three; cancelled is only reachable by a status change (docs/product/projects.md#project-statuses). */
export const creatableProjectStatuses = ['active', 'on_hold', 'completed'] as const;

export const projectPriorities = ['low', 'medium', 'high'] as const;
export const projectPrioritySchema = z.enum(projectPriorities, { message: 'Choose a valid priority' });

export const createProjectRequest = z.object({
  name: text({ required: 'Project name is required', max: 120, tooLong: 'Project name is too long' }),
  description: text({
    notText: 'Description must be text',
    max: 2000,
    tooLong: 'Description is too long',
    multiline: true,
  }).default(''),
  status: z.enum(creatableProjectStatuses, { message: 'Choose a valid status' }).default('active'),
  priority: projectPrioritySchema.default('medium'),
});
export type CreateProjectRequest = z.input<typeof createProjectRequest>;

export const updateProjectRequest = z.object({ status: projectStatusSchema });
export type UpdateProjectRequest = z.infer<typeof updateProjectRequest>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: projectStatusSchema,
  priority: projectPrioritySchema,
  /** Distinct people with tasks in the project, counted in SQL. */
  teamMembers: z.number().int(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** Projects feed every project picker, so the default page is the largest one allowed. */
export const projectsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  before: z.uuid({ message: 'Invalid cursor' }).optional(),
});
export type ProjectsQuery = z.infer<typeof projectsQuery>;

export const projectsApi = endpoints('Projects', {
  list: {
    method: 'GET',
    path: '/api/projects',
    summary: 'Every project, newest first',
    access: 'signedIn',
    query: projectsQuery,
    responses: { 200: z.array(projectSchema) },
  },
  create: {
    method: 'POST',
    path: '/api/projects',
    summary: 'Create a project',
    access: ['manager', 'admin'],
    body: createProjectRequest,
    responses: { 201: projectSchema },
  },
  setStatus: {
    method: 'PATCH',
    path: '/api/projects/{id}',
    summary: "Change a project's status",
    access: ['manager', 'admin'],
    params: idParam,
    body: updateProjectRequest,
    responses: { 200: projectSchema },
  },
});
