import pg from 'pg';

/**
 * Simulates PostgreSQL outages for one database of the test server, through a connection to
 * another one: ending every connection to it (as a restart or failover does) and refusing new
 * ones for a while. Never touches other databases.
 */
export async function pgOutage(serverUrl: string, database: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query('select current_database() as name');
  if (rows[0].name === database) throw new Error('the outage connection must use another database');
  const quoted = `"${database.replace(/"/g, '""')}"`;
  return {
    /** Ends every backend of the database; resolves with how many there were. */
    async terminate(): Promise<number> {
      const result = await admin.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1',
        [database],
      );
      return result.rows[0].n;
    },
    /** Refuses new connections to the database and ends the open ones. */
    async refuse() {
      await admin.query(`alter database ${quoted} allow_connections false`);
      return this.terminate();
    },
    async allow() {
      await admin.query(`alter database ${quoted} allow_connections true`);
    },
    async close() {
      await admin.end();
    },
  };
}
