import { fuzzEveryRoute } from '../../test/fuzz-run';

// Share 1 of 4 of the routes (server/test/fuzz-run.ts); the others run beside it.
fuzzEveryRoute(0, 4);
