import { z } from 'zod';
import { endpoints } from './endpoint';

/**
 * The first admin's setup checklist, in the order to follow (docs/product/dashboard.md#setup). Each
 * step is done when the data says so; `sso` is optional.
 */
export const setupSteps = ['settings', 'holidays', 'schedules', 'team', 'people', 'mail', 'sso'] as const;
export type SetupStepId = (typeof setupSteps)[number];
export const OPTIONAL_SETUP_STEPS: readonly SetupStepId[] = ['sso'];

export const setupSchema = z.object({
  steps: z.array(z.object({ id: z.enum(setupSteps), done: z.boolean(), optional: z.boolean() })),
  /** an admin put the checklist away (it is reopened from System Settings) */
  dismissed: z.boolean(),
});
export type Setup = z.infer<typeof setupSchema>;

const dismissedBody = z.object({ dismissed: z.boolean({ message: 'dismissed_boolean' }) });

/** The first-steps card a new person sees on their dashboard (docs/product/dashboard.md#first-steps). */
export const introSchema = z.object({ show: z.boolean() });

export const setupApi = endpoints('Setup', {
  get: {
    method: 'GET',
    path: '/api/setup',
    summary: "The organisation's setup checklist: each step and whether the data shows it done",
    access: ['admin'],
    responses: { 200: setupSchema },
  },
  dismiss: {
    method: 'PUT',
    path: '/api/setup',
    summary: 'Put the setup checklist away, or bring it back (for every admin)',
    access: ['admin'],
    body: dismissedBody,
    responses: { 200: setupSchema },
  },
  intro: {
    method: 'GET',
    path: '/api/setup/intro',
    summary: "Whether the caller's dashboard shows the first-steps card",
    access: 'signedIn',
    responses: { 200: introSchema },
  },
  dismissIntro: {
    method: 'PUT',
    path: '/api/setup/intro',
    summary: 'Put the first-steps card away, or bring it back',
    access: 'signedIn',
    body: dismissedBody,
    responses: { 200: introSchema },
  },
});
