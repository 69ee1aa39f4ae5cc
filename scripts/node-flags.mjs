// How the server's Node runs, for `npm start` and the benchmark alike.
// A larger young generation (V8's default semi-space is 16 MB): each list request allocates its rows
// and its JSON, and with a hundred requests in flight the default spaces fill so fast that live
// objects get promoted and collected again in the old generation. 32 MB measured +10–15% req/s on
// the task lists at 100 connections (docs/performance.md); it costs ~100 MB of memory at most.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
