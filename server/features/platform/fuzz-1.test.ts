import { fuzzEveryRoute } from '../../test/fuzz-run';

// Share 1 of 2 of the routes (server/test/fuzz-run.ts); the other file runs beside it.
fuzzEveryRoute(0, 2);
