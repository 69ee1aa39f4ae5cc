import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { embeddedConnection } from '../server/db/embedded';

/**
 * The newest e-mail of a kind the e2e server queued for an address, read from its outbox: the e2e
 * server has no SMTP server, so its mail waits there exactly as it would be sent.
 */
export async function newestMail(to: string, kind: string): Promise<{ subject: string; text: string }> {
  const c = embeddedConnection(join(inject('dataDir'), 'postgres'));
  if (!c) throw new Error('the e2e server runs no embedded PostgreSQL');
  const client = new pg.Client({
    connectionString: `postgres://${c.user}:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/${c.database}`,
  });
  await client.connect();
  try {
    for (let tries = 0; tries < 50; tries++) {
      const { rows } = await client.query(
        'select subject, text from outbox where to_email = $1 and kind = $2 order by created_at desc limit 1',
        [to, kind],
      );
      if (rows[0]) return rows[0];
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${kind} mail to ${to}`);
  } finally {
    await client.end();
  }
}
