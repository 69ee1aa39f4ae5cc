// `npm run restore -- <file> [--force]`: restores a backup of `npm run backup` into the database
// `npm start` would use, which must be empty unless --force. README.md#backup-and-restore.
import { BackupError, restore } from '../server/lib/backup';
import { storageFromConfig } from './backup-support';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <file> [--force]');
  process.exit(2);
}
try {
  const { storage, where } = storageFromConfig();
  const { replaced } = await restore(storage, file, { force: args.includes('--force') });
  console.log(`Restored ${file} into ${where}.${replaced ? ` Replaced: ${replaced}.` : ''}`);
  console.log('Start Workbench as usual: it applies any newer migrations on start.');
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Restore failed: ${error.message}`);
  process.exitCode = 1;
}
