// The board measurement alone (bench/web.ts `measureBoard`), without the rest of `npm run bench`:
//   npx tsx bench/web-board.ts [tasks]
// on the smallest PGlite data set; it needs the built client (`npm run build`) and Debian's Chromium.
import { prepareDataset } from './lib/dataset';
import { startProcess } from './lib/processes';
import { table } from './lib/report';
import { BOARD_TASKS, launch, measureBoard } from './web';

const count = Number(process.argv[2] ?? BOARD_TASKS);
const dataset = await prepareDataset('pglite', 0.001, '', 2);
const app = await startProcess('server/main.ts', dataset.env);
const browser = await launch();
try {
  if (!browser) throw new Error('no Chromium');
  console.log(table([await measureBoard(browser, app.url, dataset.sessions[0].cookie, count)]));
} finally {
  await browser?.close();
  await app.stop();
}
