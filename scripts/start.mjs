// `npm start`: builds the web client once if it is missing, then runs the server, in production mode
// unless NODE_ENV says otherwise (the default lives in server/config.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web client (first start only)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
