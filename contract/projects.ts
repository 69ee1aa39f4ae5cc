import { z } from 'zod';

export const projectStatuses = ['active', 'on_hold', 'completed', 'cancelled'] as const;
export const projectStatusSchema = z.enum(projectStatuses, { message: 'Choose a valid status' });
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** The create dialog offers the first three; cancelled is only reachable by a status change (decisions §7). */
export const creatableProjectStatuses = ['active', 'on_hold', 'completed'] as const;

export const projectPriorities = ['low', 'medium', 'high'] as const;
export const projectPrioritySchema = z.enum(projectPriorities, { message: 'Choose a valid priority' });

export const createProjectRequest = z.object({
  name: z
    .string({ message: 'Project name is required' })
    .trim()
    .min(1, 'Project name is required')
    .max(120, 'Project name is too long'),
  description: z
    .string({ message: 'Description must be text' })
    .trim()
    .max(2000, 'Description is too long')
    .default(''),
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
