import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import type { Clock } from './clock';
import type { EventBus } from './events';
import type { Mailer } from './mailer';
import type { SessionUser } from './auth';
import type { Settings } from '@contract/settings';
import type { Language } from '@contract/languages';
import { languageFor } from './i18n';
import { loadSettings, settingsReadWith } from './org-settings';
import { isValidTimeZone } from '@contract/zoned-time';

/**
 * What every service function takes first: the database (or the transaction it runs in), the
 * moment the request arrived, who is acting, and the app's shared parts. One shape for every
 * service, so a service can call another by passing its context on (with `db` swapped for a
 * transaction when they must commit together).
 */
/** The app's parts a request's context is made of (server/deps.ts has them all). */
export type ContextDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  events: EventBus;
  /** the server's HMAC key (server/lib/server-secret.ts) */
  secret: string;
};

export type Context = ContextDeps & {
  /** The request's instant: every row a request writes carries the same time. */
  now: Date;
  actor: SessionUser;
  log: FastifyBaseLogger;
  /** The organisation's settings: as the session's or API token's lookup read them. */
  settings(): Promise<Settings>;
  /** The time zone the caller's calendar days are counted in: their own, else the organisation's. */
  timeZone(): Promise<string>;
  /** The language the caller reads (lib/i18n.ts `languageFor`): their own, their browser's, the organisation's. */
  language(): Promise<Language>;
};

/** The context of a public endpoint or of work the server does on its own: nobody is signed in. */
export type PublicContext = Omit<Context, 'actor'> & { actor: null };

export function contextFor(
  deps: ContextDeps,
  actor: SessionUser,
  log: FastifyBaseLogger,
  acceptLanguage?: string,
): Context;
export function contextFor(
  deps: ContextDeps,
  actor: null,
  log: FastifyBaseLogger,
  acceptLanguage?: string,
): PublicContext;
export function contextFor(
  deps: ContextDeps,
  actor: SessionUser | null,
  log: FastifyBaseLogger,
  acceptLanguage?: string,
): Context | PublicContext {
  let settings: Promise<Settings> | undefined;
  const readSettings = () => {
    if (!settings) {
      const read = settingsReadWith(deps.db, actor, deps.config.defaultTimeZone);
      settings = read ? Promise.resolve(read) : loadSettings(deps.db, deps.config.defaultTimeZone);
    }
    return settings;
  };
  return {
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    mailer: deps.mailer,
    events: deps.events,
    secret: deps.secret,
    now: deps.clock.now(),
    actor,
    log,
    settings: readSettings,
    timeZone: async () =>
      actor?.timeZone && isValidTimeZone(actor.timeZone) ? actor.timeZone : (await readSettings()).timeZone,
    language: async () =>
      actor?.language
        ? actor.language
        : languageFor({ acceptLanguage, organisation: (await readSettings()).defaultLanguage }),
  } as Context | PublicContext;
}
