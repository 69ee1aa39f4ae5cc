/** Listeners told how long each query took (seconds) and whether it succeeded: the metrics' hook. */
export type QueryTimeListener = (seconds: number, ok: boolean) => void;

export function queryTimers() {
  const listeners = new Set<QueryTimeListener>();
  const report = (started: number, ok: boolean) => {
    if (listeners.size === 0) return;
    const seconds = (performance.now() - started) / 1000;
    for (const listener of listeners) listener(seconds, ok);
  };

  /**
   * Wraps an object's `query` method so that each call is timed: a promise-returning call (PGlite,
   * pg with a promise) or a pg call with a trailing callback (pg.Pool's own use of its clients).
   * Objects it returns that are neither (a cursor) go untimed. Without listeners it costs one check.
   */
  function time<T extends { query: (...args: never[]) => unknown }>(target: T): T {
    const original = target.query.bind(target) as (...args: unknown[]) => unknown;
    const timed = (...args: unknown[]) => {
      if (listeners.size === 0) return original(...args);
      const started = performance.now();
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (err: unknown, ...rest: unknown[]) => void;
        args[last] = (err: unknown, ...rest: unknown[]) => {
          report(started, !err);
          callback(err, ...rest);
        };
        return original(...args);
      }
      const result = original(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(
          () => report(started, true),
          () => report(started, false),
        );
      }
      return result;
    };
    target.query = timed as unknown as T['query'];
    return target;
  }

  return {
    time,
    listen(listener: QueryTimeListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
