import type { AppDeps, ZodApp } from '../app';
import { chatRoutes } from './chat/chat.routes';
import { usersRoutes } from './users/users.routes';

/** Every feature's routes, registered under one plugin; one line per feature. */
export async function registerFeatures(app: ZodApp, deps: AppDeps) {
  await usersRoutes(app, deps);
  await chatRoutes(app, deps);
}
