import { z } from 'zod';

/** The only reader of process.env (architecture.md). */
const envSchema = z.object({
  // Production unless told otherwise: `npm run dev` and the test suites say so explicitly.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Without DATABASE_URL: `embedded` (the default) runs a PostgreSQL server of the app's own with its
   * data in DATA_DIR/postgres; `pglite` keeps PGlite in DATA_DIR, in the app's process (decision 023).
   */
  WORKBENCH_STORAGE: z.enum(['embedded', 'pglite']).default('embedded'),
  WORKBENCH_ADMIN_EMAIL: z.string().email().optional(),
  WORKBENCH_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** the server's HMAC key; without it one is generated at first start and kept in the database */
  WORKBENCH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Workbench <no-reply@workbench.local>'),
  /** where people open the app: the links in e-mails start with it (default http://localhost:PORT) */
  APP_URL: z.string().url().optional(),
  TZ: z.string().optional(),
  /** single sign-on (docs/decisions/020-single-sign-on.md): set, these win over System Settings */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().max(60).optional(),
  /** comma-separated e-mail domains whose first SSO sign-in is approved at once */
  OIDC_AUTO_APPROVE_DOMAINS: z.string().optional(),
  /** 'always': password sign-in stays on whatever System Settings say (the way back in) */
  PASSWORD_SIGN_IN: z.enum(['always', 'settings']).default('settings'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_SQL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; without it, /metrics is off */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** Every variable the server reads; `.env.example` lists each (server/config.test.ts). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type Config = z.infer<typeof envSchema> & {
  isProduction: boolean;
  defaultTimeZone: string;
  appUrl: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and CI files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    isProduction: parsed.data.NODE_ENV === 'production',
    defaultTimeZone: parsed.data.TZ || 'UTC',
    appUrl: (parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, ''),
  };
}
