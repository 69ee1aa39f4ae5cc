import type { FastifyRequest } from 'fastify';
import { bearerToken } from './auth';
import { AppError } from './errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookie-authenticated writes from another site are refused (docs/product/api-conventions.md#cross-site): no CSRF token, but
 * browsers tell us where a request comes from through Sec-Fetch-Site and Origin.
 */
export async function refuseCrossSiteWrites(request: FastifyRequest) {
  if (!WRITES.has(request.method) || !request.url.startsWith('/api')) return;
  // A bearer token is sent by a program, never attached by a browser on its own: no cookie is used (docs/decisions/018-api-tokens-and-audit.md).
  if (bearerToken(request)) return;
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError(403, 'cross_site_refused');
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new AppError(403, 'cross_site_refused');
    }
    if (originHost !== request.host) throw new AppError(403, 'cross_site_refused');
  } else if (origin === 'null') {
    throw new AppError(403, 'cross_site_refused');
  }
}
