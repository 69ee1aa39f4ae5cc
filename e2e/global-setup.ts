import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../server/test/free-port';
import { startTestProvider, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../server/test/oidc-provider';
import { startAppServer } from './app-server';
import { AXE_RESULTS_FILE } from './axe';

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'AdminPass1' };

/**
 * The single sign-on provider every journey's server is configured with (a real `oidc-provider`,
 * server/test/oidc-provider.ts, asking for an e-mail address in its own form). Password sign-in
 * stays allowed, so the other journeys sign in as before.
 */
export const E2E_SSO = { providerName: 'Test ID', autoApproveDomain: 'sso.e2e.test' };

/**
 * Starts the real built app (`server/main.ts` on a fresh data directory, with the default storage:
 * its own PostgreSQL server) for the browser journeys.
 */
export default async function setup(project: TestProject) {
  // In shards (npm test), scripts/test.mjs empties the file once before they all start.
  if (!process.env.E2E_SHARD) rmSync(AXE_RESULTS_FILE, { force: true });
  const dir = mkdtempSync(join(tmpdir(), 'wb-e2e-'));
  chmodSync(dir, 0o755); // as root, the embedded server runs as `postgres` and must reach its data
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const provider = await startTestProvider({ redirectUri: `${baseURL}/api/auth/oidc/callback` });
  const server = await startAppServer(
    {
      DATABASE_URL: '',
      DATA_DIR: join(dir, 'data'),
      // API-made test users each come from their own address (X-Forwarded-For), so registration
      // throttling per address applies to the browser's own sign-ups, as for real users.
      TRUST_PROXY: 'true',
      WORKBENCH_ADMIN_EMAIL: E2E_ADMIN.email,
      WORKBENCH_ADMIN_PASSWORD: E2E_ADMIN.password,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
      OIDC_PROVIDER_NAME: E2E_SSO.providerName,
      OIDC_AUTO_APPROVE_DOMAINS: E2E_SSO.autoApproveDomain,
      PASSWORD_SIGN_IN: 'always',
    },
    port,
  ).catch(async (error) => {
    await provider.close();
    throw error;
  });
  project.provide('baseURL', baseURL);
  project.provide('dataDir', join(dir, 'data'));
  return async () => {
    await server.stop();
    await provider.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** the e2e server's DATA_DIR: journeys read the mail it queued from its outbox (e2e/outbox.ts) */
    dataDir: string;
  }
}
