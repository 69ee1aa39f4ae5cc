import autocannon from 'autocannon';

export type Step = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
export type LoadResult = { rps: number; p50: number; p99: number; requests: number; failures: number };

/**
 * Drives `steps` in a loop on `connections` keep-alive connections for `seconds`; connection i is
 * signed in as cookies[i % n], so load comes from many users at once. With `amount`, it stops after
 * that many requests instead (the smoke run: every figure comes out without loading the machine);
 * autocannon then samples every 100 ms, so the run ends with its last answer instead of at the next
 * whole second, and req/s is the requests over the time they took.
 */
export async function load(options: {
  url: string;
  steps: Step[];
  cookies?: string[];
  connections: number;
  seconds: number;
  amount?: number;
}): Promise<LoadResult> {
  let next = 0;
  const cookies = options.cookies ?? [];
  // The cookie goes on every request of the connection's own context (autocannon's setHeaders
  // only reaches the first request of a sequence): connection i is user i.
  const withCookie = (req: Record<string, unknown>, context: { cookie?: string }) => {
    if (cookies.length) context.cookie ??= cookies[next++ % cookies.length];
    const headers = {
      'content-type': 'application/json',
      ...(context.cookie ? { cookie: context.cookie } : {}),
    };
    return { ...req, headers };
  };
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.amount ? { amount: options.amount, sampleInt: 100 } : {}),
    requests: options.steps.map((s) => ({
      method: s.method ?? 'GET',
      path: s.path,
      body: s.body === undefined ? undefined : JSON.stringify(s.body),
      setupRequest: withCookie,
    })),
  } as unknown as autocannon.Options);
  return {
    rps: options.amount ? Math.round(result.requests.total / result.duration) : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
