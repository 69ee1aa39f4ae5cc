import type { Database } from '../db/client';

/** A small event that names what changed; receivers load the rows themselves (NOTIFY caps payloads at 8000 bytes). */
export type BusEvent = { type: string; [key: string]: string | string[] | number | boolean | null };

type Handler = (event: BusEvent) => void;

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: Handler): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'workbench_events';

/**
 * Pub/sub across server instances through PostgreSQL LISTEN/NOTIFY; on PGlite the same calls
 * deliver in-process. Every instance, including the publisher, receives each event once, via NOTIFY.
 */
export function createEventBus(database: Database): EventBus {
  const handlers = new Set<Handler>();
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async publish(event) {
      await database.notify(CHANNEL, JSON.stringify(event));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async start() {
      unlisten ??= await database.listen(CHANNEL, (payload) => {
        let event: BusEvent;
        try {
          event = JSON.parse(payload);
        } catch {
          return;
        }
        for (const handler of handlers) handler(event);
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
