import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { OPTIONAL_SETUP_STEPS, type Setup, setupSteps } from '@contract/setup';
import { rowsOf } from '../../db/rows';
import { settings, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { activeAccount } from '../../db/accounts';

/** How long a new account sees the first-steps card unless it is put away sooner. */
const INTRO_DAYS = 14;

type Progress = Record<
  'settings' | 'holidays' | 'schedules' | 'team' | 'people' | 'sso' | 'dismissed',
  boolean
>;

/**
 * Where the organisation's setup stands, read from the data in one query (docs/product/dashboard.md#setup):
 * a step ticks itself when what it asks for exists.
 */
export async function getSetup(ctx: Context): Promise<Setup> {
  const [row] = await rowsOf<Progress>(
    ctx.db,
    sql`select
      exists (select 1 from audit_log where action = 'settings_changed') as settings,
      exists (select 1 from time_off_settings where holiday_country is not null) as holidays,
      (exists (select 1 from teams where schedule_minutes is not null)
        or exists (select 1 from work_schedules)) as schedules,
      exists (select 1 from teams) as team,
      (exists (select 1 from invitations)
        or (select count(*) from users where ${activeAccount('users')}) > 1) as people,
      exists (select 1 from settings where oidc_issuer is not null and oidc_client_id is not null) as sso,
      exists (select 1 from settings where setup_dismissed_at is not null) as dismissed`,
  );
  const done = {
    ...row,
    mail: Boolean(ctx.config.SMTP_URL),
    sso: Boolean(ctx.config.OIDC_ISSUER) || row.sso,
  };
  return {
    steps: setupSteps.map((id) => ({ id, done: done[id], optional: OPTIONAL_SETUP_STEPS.includes(id) })),
    dismissed: row.dismissed,
  };
}

/** Put the checklist away for every admin, or bring it back (System Settings). */
export async function dismissSetup(ctx: Context, dismissed: boolean): Promise<Setup> {
  const at = dismissed ? ctx.now : null;
  await ctx.db
    .insert(settings)
    .values({ id: 1, setupDismissedAt: at })
    .onConflictDoUpdate({ target: settings.id, set: { setupDismissedAt: at } });
  ctx.log.info({ actorId: ctx.actor.id, dismissed }, 'setup checklist put away or brought back');
  return getSetup(ctx);
}

/**
 * The first-steps card shows to people who are not admins (admins have the checklist), in their
 * first days, until they put it away.
 */
export async function getIntro(ctx: Context): Promise<{ show: boolean }> {
  if (ctx.actor.role === 'admin') return { show: false };
  const newSince = new Date(ctx.now.getTime() - INTRO_DAYS * 24 * 3600 * 1000);
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ctx.actor.id), isNull(users.introDismissedAt), gt(users.createdAt, newSince)));
  return { show: row !== undefined };
}

export async function dismissIntro(ctx: Context, dismissed: boolean): Promise<{ show: boolean }> {
  await ctx.db
    .update(users)
    .set({ introDismissedAt: dismissed ? ctx.now : null })
    .where(eq(users.id, ctx.actor.id));
  return getIntro(ctx);
}
