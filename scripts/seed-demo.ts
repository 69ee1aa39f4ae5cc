// `npm run seed:demo [-- --force]`: a demo organisation, so a newcomer sees the product alive.
// --force replaces an earlier demo organisation (accounts under @workbench.demo and what belongs to
// them) and keeps every other account's data; it refuses when that data is tied to the demo.
import { loadConfig } from '../server/config';
import { loadSettings } from '../server/lib/org-settings';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo';
import { DemoTiedError, replaceDemo } from '../server/seed/demo-reset';
import { hasData, openForSeeding, parseArgs } from './seed-support';

const { force } = parseArgs();
const { database, where } = await openForSeeding();
try {
  if ((await hasData(database)) && !force) {
    console.error(
      `The database (${where}) already has data; seed:demo only fills an empty one. Add --force to replace the demo organisation (other accounts' data is kept).`,
    );
    process.exitCode = 1;
  } else {
    const { timeZone } = await loadSettings(database.db, loadConfig().defaultTimeZone);
    if (force) {
      const { removedAccounts, ...counts } = await replaceDemo(database.db, { timeZone });
      console.log(`Replaced the demo organisation (${removedAccounts} accounts) in ${where}:`, counts);
    } else {
      console.log(`Demo data written to ${where}:`, await seedDemo(database.db, { timeZone }));
    }
    console.log(
      `Sign in as alice@workbench.demo (admin), maria@workbench.demo (manager) or priya@workbench.demo (employee); password ${DEMO_PASSWORD}.`,
    );
  }
} catch (error) {
  if (!(error instanceof DemoTiedError)) throw error;
  console.error(`seed:demo --force refused: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
