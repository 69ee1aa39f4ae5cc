// `npm run backup -- <file> [--force]`: a backup of the database `npm start` uses: PostgreSQL
// (DATABASE_URL, with pg_dump), the embedded default (stopped) or PGlite (running or stopped).
// README.md#backup-and-restore; docs/decisions/021-operations.md.
import { BackupError, backup } from '../server/lib/backup';
import { storageFromConfig } from './backup-support';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run backup -- <file> [--force]');
  process.exit(2);
}
try {
  const { storage, where } = storageFromConfig();
  const how = await backup(storage, file, { force: args.includes('--force') });
  console.log(`Backed up ${where} to ${file}, through ${how}.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exitCode = 1;
}
