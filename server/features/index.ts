import type { AppDeps, ZodApp } from '../app';

/** Every feature's routes, registered under one plugin; one line per feature. */
export async function registerFeatures(app: ZodApp, deps: AppDeps) {
  void app;
  void deps;
}
