import type { Database } from '../db/types';
import { DISK_FULL, lastDiskFull, messageIn } from './errors';
import type { EventBus } from './events';

const PING_TIMEOUT_MS = 2_000;
/** How long a write that failed for lack of space keeps the instance unready (decision 028). */
export const DISK_FULL_UNREADY_MS = 60_000;

/**
 * Why this instance should not get traffic now, or null when it should: the embedded server must be
 * running (not restarting after a crash), the database must answer `select 1` within two seconds, no
 * write may have failed for lack of disk space in the last minute, and live events must be flowing
 * (a load balancer or orchestrator polls `GET /api/health/ready`; `GET /api/health` only says the
 * process is alive).
 */
export async function unreadyReason(
  database: Database,
  events: EventBus,
  now = Date.now(),
): Promise<string | null> {
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
  const diskFull = lastDiskFull(database);
  if (diskFull !== undefined && now - diskFull < DISK_FULL_UNREADY_MS) return messageIn('en', DISK_FULL);
  if (!events.listening) return 'Live events have lost their database connection and are reconnecting';
  return null;
}
