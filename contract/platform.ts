import { z } from 'zod';
import { endpoints } from './endpoint';

export const healthResponse = z.object({ status: z.literal('ok') });
export const unavailableResponse = z.object({ status: z.literal('unavailable'), message: z.string() });

export const platformApi = endpoints('Platform', {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness: the process answers (once it has started and migrated its database)',
    access: 'public',
    responses: { 200: healthResponse },
  },
  ready: {
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Readiness: the database answers and live events are flowing; 503 while either is down',
    access: 'public',
    responses: { 200: healthResponse, 503: unavailableResponse },
  },
});
