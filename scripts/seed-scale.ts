// `npm run seed:scale [-- --scale 0.1] [-- --force]`: the large data set the benchmark measures on.
import { SCALE_PASSWORD, scaleEmail, seedScale } from '../server/seed/scale';
import { hasData, openForSeeding, parseArgs } from './seed-support';

const { force, scale } = parseArgs();
const { database, where } = await openForSeeding();
try {
  if ((await hasData(database)) && !force) {
    console.error(
      `The database (${where}) already has data; seed:scale only fills an empty one. Add --force to seed anyway.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Seeding the scale data set ×${scale} into ${where}…`);
    const started = Date.now();
    const counts = await seedScale(database.db, scale, (line) => console.log(`  ${line}`));
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
    console.log(`Sign in as ${scaleEmail(1)} (admin) or user<n>@scale.test, password ${SCALE_PASSWORD}.`);
  }
} finally {
  await database.close();
}
