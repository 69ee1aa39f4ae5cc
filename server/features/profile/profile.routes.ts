import { profileApi } from '@contract/profile';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '@contract/profile';
import type { AppDeps } from '../../deps';
import { type FeatureRoutes, implement } from '../../lib/routes';
import { avatarImage, readUpload, setAvatar } from './avatar.service';
import {
  disableTwoFactor,
  enableTwoFactor,
  endOwnSession,
  getEmailDelivery,
  getPreferences,
  getProfile,
  listSessions,
  putEmailDelivery,
  putPreferences,
  startTwoFactorSetup,
  updateProfile,
} from './profile.service';
import { createToken, listTokens, revokeToken } from './tokens.service';

/** Each signed-in person's own account: names, time zone, sessions, notification channels, two-factor sign-in. */
const endpoints = implement(profileApi, {
  get: (ctx) => getProfile(ctx),
  update: (ctx, { body }) => updateProfile(ctx, body),
  sessions: (ctx) => listSessions(ctx),
  endSession: (ctx, { params }) => endOwnSession(ctx, params.id),
  avatar: async (ctx, _input, { request }) => setAvatar(ctx, await readUpload(request)),
  avatarImage: (ctx, { params }) => avatarImage(ctx, params.id),
  preferences: (ctx) => getPreferences(ctx),
  putPreferences: (ctx, { body }) => putPreferences(ctx, body),
  emailDelivery: (ctx) => getEmailDelivery(ctx),
  putEmailDelivery: (ctx, { body }) => putEmailDelivery(ctx, body),
  tokens: (ctx) => listTokens(ctx),
  createToken: (ctx, { body }) => createToken(ctx, body),
  revokeToken: (ctx, { params }) => revokeToken(ctx, params.id),
  twoFactorSetup: (ctx) => startTwoFactorSetup(ctx),
  twoFactorEnable: (ctx, { body }, { request }) => enableTwoFactor(ctx, body.code, request.ip),
  twoFactorDisable: (ctx, { body }, { request }) => disableTwoFactor(ctx, body.code, request.ip),
});

/** Uploads arrive as multipart/form-data, parsed by @fastify/multipart (files at most 10 MB). */
export const profileRoutes: FeatureRoutes<AppDeps> = {
  register(app, deps) {
    app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    endpoints.register(app, deps);
  },
};
