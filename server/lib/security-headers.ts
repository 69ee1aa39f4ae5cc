import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's headers for a request that came over HTTPS (`secure`) or plain HTTP. */
function headersFor(secure: boolean): Record<string, string> {
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
        // Both would break a plain-HTTP deployment (http://localhost, a LAN address): HTTPS only.
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
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
  return headers;
}

/**
 * Helmet's security headers for every response (CSP, framing, nosniff, HSTS over HTTPS…). They
 * depend only on the request's protocol (HTTPS directly, or through a trusted proxy's
 * X-Forwarded-Proto), so helmet runs once per protocol at start-up against a recording response and
 * each request copies one of the two results (@fastify/helmet rebuilt the middleware every time).
 */
export function securityHeaders() {
  const overHttps = headersFor(true);
  const overHttp = headersFor(false);
  return function addSecurityHeaders(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    reply.headers(request.protocol === 'https' ? overHttps : overHttp);
    done();
  };
}
