// `npm run seed:demo [-- --force]`: a demo organisation, so a newcomer sees the product alive.
import { loadConfig } from '../server/config';
import { loadSettings } from '../server/lib/org-settings';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo';
import { hasData, openForSeeding, parseArgs } from './seed-support';

const { force } = parseArgs();
const { database, where } = await openForSeeding();
try {
  if ((await hasData(database)) && !force) {
    console.error(
      `The database (${where}) already has data; seed:demo only fills an empty one. Add --force to seed anyway.`,
    );
    process.exitCode = 1;
  } else {
    const { timeZone } = await loadSettings(database.db, loadConfig().defaultTimeZone);
    const counts = await seedDemo(database.db, { timeZone });
    console.log(`Demo data written to ${where}:`, counts);
    console.log(
      `Sign in as alice@workbench.demo (admin), maria@workbench.demo (manager) or priya@workbench.demo (employee); password ${DEMO_PASSWORD}.`,
    );
  }
} finally {
  await database.close();
}
