import { z } from 'zod';
import { errorBody, idParam, text } from './common';
import { endpoints } from './endpoint';

export const projectStatuses = ['active', 'on_hold', 'completed', 'cancelled'] as const;
export const projectStatusSchema = z.enum(projectStatuses, { message: 'status_invalid' });
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** The create dialog offers the first three; cancelled is only reachable by a status change (docs/product/projects.md#project-statuses). */
export const creatableProjectStatuses = ['active', 'on_hold', 'completed'] as const;

export const projectPriorities = ['low', 'medium', 'high'] as const;
export const projectPrioritySchema = z.enum(projectPriorities, { message: 'priority_invalid' });

const projectName = text({
  required: 'project_name_required',
  max: 120,
  tooLong: 'project_name_too_long',
});
const projectDescription = text({
  notText: 'description_not_text',
  max: 2000,
  tooLong: 'description_too_long',
  multiline: true,
});

export const createProjectRequest = z.object({
  name: projectName,
  description: projectDescription.default(''),
  status: z.enum(creatableProjectStatuses, { message: 'status_invalid' }).default('active'),
  priority: projectPrioritySchema.default('medium'),
});
export type CreateProjectRequest = z.input<typeof createProjectRequest>;

/** Any of the editable fields; omitted ones stay (docs/product/projects.md#project-page). */
export const updateProjectRequest = z
  .object({
    name: projectName.optional(),
    description: projectDescription.optional(),
    status: projectStatusSchema.optional(),
    priority: projectPrioritySchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'nothing_to_change' });
export type UpdateProjectRequest = z.input<typeof updateProjectRequest>;

export const addProjectMemberRequest = z.object({ userId: z.uuid({ message: 'person_invalid' }) });
export type AddProjectMemberRequest = z.input<typeof addProjectMemberRequest>;

export const projectMemberParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: projectStatusSchema,
  priority: projectPrioritySchema,
  /** The project's members (docs/product/projects.md#team-members), counted in SQL. */
  teamMembers: z.number().int(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** the person's picture (profileImageUrl); null: initials */
  imageUrl: z.string().nullable(),
  addedAt: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

/** A project's page: the project, its members, its tasks counted by status and its tracked hours. */
export const projectDetailSchema = projectSchema.extend({
  members: z.array(projectMemberSchema),
  /** every task of the project, by status (the lists themselves are GET /api/tasks?projectId=…) */
  taskCounts: z.object({
    todo: z.number().int(),
    in_progress: z.number().int(),
    pending_review: z.number().int(),
    completed: z.number().int(),
  }),
  /** hours tracked on the project this week (from Monday) and this month, in the organisation's time zone */
  hoursThisWeek: z.number(),
  hoursThisMonth: z.number(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** Projects feed every project picker, so the default page is the largest one allowed. */
export const projectsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  before: z.uuid({ message: 'invalid_cursor' }).optional(),
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
  get: {
    method: 'GET',
    path: '/api/projects/{id}',
    summary: 'A project with its members, task counts by status and hours tracked this week and month',
    access: 'signedIn',
    params: idParam,
    responses: { 200: projectDetailSchema },
  },
  update: {
    method: 'PATCH',
    path: '/api/projects/{id}',
    summary: "Change a project's name, description, status or priority",
    access: ['manager', 'admin'],
    params: idParam,
    body: updateProjectRequest,
    responses: { 200: projectSchema },
  },
  addMember: {
    method: 'POST',
    path: '/api/projects/{id}/members',
    summary: 'Add a person to a project',
    access: ['manager', 'admin'],
    params: idParam,
    body: addProjectMemberRequest,
    responses: { 201: projectMemberSchema, 409: errorBody },
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/projects/{id}/members/{userId}',
    summary: 'Remove a person from a project (their tasks and time stay)',
    access: ['manager', 'admin'],
    params: projectMemberParams,
    responses: { 204: null },
  },
});
