import { z } from 'zod';
import { errorBody, idParam, text } from './common';
import { endpoints } from './endpoint';
import { weekHours, weekMinutes } from './schedules';

/** What a person is in a team: its managers decide their members' timesheets (docs/product/teams.md). */
export const teamRoles = ['manager', 'member'] as const;
export const teamRoleSchema = z.enum(teamRoles, { message: 'team_role_invalid' });
export type TeamRole = z.infer<typeof teamRoleSchema>;

/**
 * Whose schedule a member follows, seen from their team: its default ('team'), another team's
 * ('other_team'), their own ('own') or the organisation's (docs/product/teams.md#team-default-schedules).
 */
export const memberScheduleSources = ['team', 'other_team', 'own', 'organisation'] as const;
export type MemberScheduleSource = (typeof memberScheduleSources)[number];

export const teamMember = z.object({
  userId: z.string(),
  name: z.string(),
  role: teamRoleSchema,
  /** For callers who may see the member's schedule (admins, the team's managers, the member); else null. */
  schedule: z.enum(memberScheduleSources).nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Managers first, then by name. */
  members: z.array(teamMember),
  /** The team's default schedule (minutes Monday … Sunday), or null: the organisation's. */
  schedule: z.array(z.number().int()).length(7).nullable(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const TEAM_NAME_TAKEN = 'team_name_taken';
export const UNKNOWN_MEMBER = 'unknown_member';
export const EMPLOYEE_CANNOT_MANAGE = 'employee_cannot_manage';
export const MAX_TEAM_MEMBERS = 500;

const teamName = text({ required: 'team_name_required', max: 80, tooLong: 'team_name_too_long' });
const memberInput = z.object({ userId: z.uuid({ message: UNKNOWN_MEMBER }), role: teamRoleSchema });
const members = z
  .array(memberInput, { message: 'members_list' })
  .max(MAX_TEAM_MEMBERS, 'team_too_large')
  .refine((list) => new Set(list.map((m) => m.userId)).size === list.length, {
    message: 'member_once',
  });

/** A team's default schedule; null: its people follow the organisation's. */
const teamSchedule = weekMinutes.nullable();

export const createTeamRequest = z.object({
  name: teamName,
  members: members.default([]),
  schedule: teamSchedule.default(null),
});
export type CreateTeamRequest = z.input<typeof createTeamRequest>;

/**
 * The team dialog's fields: the default schedule in hours per weekday (quarter hours welcome), sent
 * as minutes when `hasSchedule` is ticked, else null.
 */
export const teamForm = z.object({
  name: teamName,
  members: members.default([]),
  hasSchedule: z.boolean(),
  hours: weekHours,
});
export type TeamFormValues = z.input<typeof teamForm>;

/** Any field may be left out; `members`, when sent, replaces the team's whole list. */
export const updateTeamRequest = z
  .object({ name: teamName.optional(), members: members.optional(), schedule: teamSchedule.optional() })
  .refine((v) => v.name !== undefined || v.members !== undefined || v.schedule !== undefined, {
    message: 'nothing_to_change',
  });
export type UpdateTeamRequest = z.input<typeof updateTeamRequest>;

export const teamsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  /** the id of the last team of the previous page (teams are ordered by name) */
  before: z.uuid({ message: 'invalid_cursor' }).optional(),
});

export const teamsApi = endpoints('Teams', {
  list: {
    method: 'GET',
    path: '/api/teams',
    summary: 'Teams by name: every team for admins, the teams one belongs to for everyone else',
    access: 'signedIn',
    query: teamsQuery,
    responses: { 200: z.array(teamSchema) },
  },
  create: {
    method: 'POST',
    path: '/api/teams',
    summary: 'Create a team with its managers and members',
    access: ['admin'],
    body: createTeamRequest,
    responses: { 201: teamSchema, 409: errorBody },
  },
  update: {
    method: 'PATCH',
    path: '/api/teams/{id}',
    summary: 'Rename a team, replace its managers and members, or set its default schedule',
    access: ['admin'],
    params: idParam,
    body: updateTeamRequest,
    responses: { 200: teamSchema, 409: errorBody },
  },
  remove: {
    method: 'DELETE',
    path: '/api/teams/{id}',
    summary: 'Delete a team (its people stay)',
    access: ['admin'],
    params: idParam,
    responses: { 204: null },
  },
});
