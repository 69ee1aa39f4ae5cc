import pg from 'pg';

/** The parts of a pino (Fastify) logger the listener uses. */
export type ListenerLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type ListenerState = {
  /** true while the LISTEN connection is open and subscribed */
  listening: boolean;
  /** when `listening` last changed */
  since: Date;
  /** failed reconnection attempts since the connection was lost */
  attempts: number;
  lastError: string | null;
};

export type ListenOptions = {
  log?: ListenerLog;
  /** called each time the connection is back after a loss: notices sent meanwhile are lost */
  onReconnect?: () => void;
};

export type ReconnectPolicy = {
  /** first retry after this long, doubling up to `maxDelayMs` (each with up to 25% jitter) */
  minDelayMs: number;
  maxDelayMs: number;
  /** how often the open connection is asked `select 1`, to find one that died silently */
  checkEveryMs: number;
  /** give up on a connection attempt that gets no answer after this long (default: no limit) */
  connectTimeoutMs?: number;
};

export const defaultReconnectPolicy: ReconnectPolicy = {
  minDelayMs: 250,
  maxDelayMs: 30_000,
  checkEveryMs: 30_000,
};

/** A subscription to a NOTIFY channel that outlives lost connections. */
export type Subscription = {
  readonly state: ListenerState;
  close(): Promise<void>;
};

const CHECK_TIMEOUT_MS = 10_000;

/** How long to wait before retry number `failed + 1`: doubling, capped, with jitter so instants spread. */
export function retryDelay(failed: number, policy: ReconnectPolicy, random = Math.random()): number {
  const delay = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** Math.min(failed, 30));
  return delay * (0.75 + random / 4);
}
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * LISTENs on a dedicated PostgreSQL connection (NOTIFY needs one that stays open). When that
 * connection is lost — a restart, a failover, `pg_terminate_backend` — it reconnects with
 * exponential back-off and LISTENs again, logs the loss and the recovery, and calls `onReconnect`.
 * The first connection must succeed: a database that is down at start-up fails the start.
 * `url` may be a function: each connection then asks it (a restarted server may have moved).
 */
export async function listenWithReconnect(
  url: string | (() => string),
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
  policy: ReconnectPolicy = defaultReconnectPolicy,
): Promise<Subscription> {
  const { log, onReconnect } = options;
  const state: ListenerState = { listening: false, since: new Date(), attempts: 0, lastError: null };
  let client: pg.Client | undefined;
  let closed = false;
  let lostAt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const setListening = (listening: boolean) => {
    state.listening = listening;
    state.since = new Date();
  };

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: typeof url === 'string' ? url : url(),
      keepAlive: true,
      connectionTimeoutMillis: policy.connectTimeoutMs,
    });
    // A connection that fails emits 'error' and then 'end'; 'end' is where the loss is handled.
    c.on('error', (err) => {
      state.lastError = err.message;
    });
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${quoteIdent(channel)}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    c.once('end', () => lost(c, 'the connection ended'));
    return c;
  }

  function lost(c: pg.Client, reason: string) {
    if (c !== client || closed) return;
    client = undefined;
    lostAt = Date.now();
    setListening(false);
    c.end().catch(() => {});
    log?.warn(
      { channel, reason, err: state.lastError },
      'live events: lost the LISTEN connection to PostgreSQL; reconnecting',
    );
    schedule();
  }

  function schedule() {
    retryTimer = setTimeout(() => void attempt(), retryDelay(state.attempts, policy));
    retryTimer.unref();
  }

  async function attempt() {
    if (closed) return;
    try {
      const c = await connect();
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      const failedAttempts = state.attempts;
      state.attempts = 0;
      setListening(true);
      log?.info(
        { channel, downMs: Date.now() - lostAt, failedAttempts },
        'live events: LISTEN connection to PostgreSQL is back',
      );
      onReconnect?.();
    } catch (err) {
      state.attempts += 1;
      state.lastError = (err as Error).message;
      log?.warn(
        { channel, attempt: state.attempts, err: state.lastError },
        'live events: reconnecting to PostgreSQL failed; trying again',
      );
      schedule();
    }
  }

  client = await connect();
  setListening(true);

  // A connection can die without a word (a dropped network path); asking it something finds out.
  const checkTimer = setInterval(() => {
    const c = client;
    if (!c) return;
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise((_, reject) => {
      timeout = setTimeout(() => reject(new Error('no answer to select 1')), CHECK_TIMEOUT_MS);
    });
    Promise.race([c.query('select 1'), timedOut])
      .catch((err: Error) => {
        state.lastError = err.message;
        lost(c, 'the connection stopped answering');
      })
      .finally(() => clearTimeout(timeout));
  }, policy.checkEveryMs);
  checkTimer.unref();

  return {
    state,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      setListening(false);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
