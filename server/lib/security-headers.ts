import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers for every response (CSP, framing, nosniff, HSTS in production…). The
 * headers never change per request, so helmet runs once at start-up against a recording response
 * and each request copies the result (@fastify/helmet rebuilt the middleware on every request).
 */
export function securityHeaders(isProduction: boolean) {
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  // Helmet's middleware is synchronous: it has set every header by the time it returns.
  helmet(options)({} as IncomingMessage, recorder, (err?: unknown) => {
    if (err) throw err;
  });
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return function addSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
    reply.headers(headers);
    done();
  };
}
