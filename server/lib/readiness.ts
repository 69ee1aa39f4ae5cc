import type { Database } from '../db/types';
import type { EventBus } from './events';

const PING_TIMEOUT_MS = 2_000;

/**
 * Why this instance should not get traffic now, or null when it should: the embedded server must be
 * running (not restarting after a crash), the database must answer `select 1` within two seconds, and
 * live events must be flowing (a load balancer or orchestrator polls `GET /api/health/ready`;
 * `GET /api/health` only says the process is alive).
 */
export async function unreadyReason(database: Database, events: EventBus): Promise<string | null> {
  const down = database.serverDown?.();
  if (down) return down;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([database.ping(), timeout]);
  } catch {
    return 'The database does not answer';
  } finally {
    clearTimeout(timer);
  }
  if (!events.listening) return 'Live events have lost their database connection and are reconnecting';
  return null;
}
