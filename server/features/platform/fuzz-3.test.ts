import { fuzzEveryRoute } from '../../test/fuzz-run';

// Share 3 of 4 of the routes (server/test/fuzz-run.ts); the others run beside it.
fuzzEveryRoute(2, 4);
