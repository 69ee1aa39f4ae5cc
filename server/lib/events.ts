import type { Database } from '../db/types';
import type { ListenerLog, Subscription } from '../db/listener';

/** A small event that names what changed; receivers load the rows themselves (NOTIFY caps payloads at 8000 bytes). */
export type BusEvent = { type: string; [key: string]: string | string[] | number | boolean | null };

type Handler = (event: BusEvent) => void;

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: Handler): () => void;
  /**
   * Called after the bus lost its connection and got it back: events published meanwhile never
   * arrived, so whoever shows live data must have clients fetch it again.
   */
  onResync(handler: () => void): () => void;
  /** Whether events are being received right now (false before start and while reconnecting). */
  readonly listening: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'workbench_events';
/** The field every published event carries with the moment it was published. */
export const SENT_AT = 'sentAt';

/** Seconds since the event was published, when it says (events of an older instance may not). */
export function secondsSincePublished(event: BusEvent): number | undefined {
  const sentAt = event[SENT_AT];
  return typeof sentAt === 'number' ? Math.max(0, (Date.now() - sentAt) / 1000) : undefined;
}

/**
 * Pub/sub across server instances through PostgreSQL LISTEN/NOTIFY; on PGlite the same calls
 * deliver in-process. Every instance, including the publisher, receives each event once, via NOTIFY.
 */
export function createEventBus(database: Database, log?: ListenerLog): EventBus {
  const handlers = new Set<Handler>();
  const resyncHandlers = new Set<() => void>();
  let subscription: Subscription | undefined;
  return {
    async publish(event) {
      // `sentAt` (ms since the epoch) lets receivers measure the fan-out lag (the metrics).
      await database.notify(CHANNEL, JSON.stringify({ ...event, [SENT_AT]: Date.now() }));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => resyncHandlers.delete(handler);
    },
    get listening() {
      return subscription?.state.listening ?? false;
    },
    async start() {
      subscription ??= await database.listen(
        CHANNEL,
        (payload) => {
          let event: BusEvent;
          try {
            event = JSON.parse(payload);
          } catch {
            return;
          }
          for (const handler of handlers) handler(event);
        },
        {
          log,
          onReconnect: () => {
            for (const handler of resyncHandlers) handler();
          },
        },
      );
    },
    async stop() {
      await subscription?.close();
      subscription = undefined;
    },
  };
}
