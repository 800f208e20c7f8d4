import { resolve } from 'node:path';
import { backupSqliteFile, restoreSqliteFile, SqliteBackupRefusal } from '../../adapters/sqlite/sqlite-backup.js';
import { validationError } from '../../core/shared/errors.js';
import type { Config } from '../shared/settings/config.js';
import { sqliteFilenameOf } from '../shared/composition/database-target.js';
import type { AreaCommands, CommandResult } from './admin-command.js';

/** Where PostgreSQL's backups are described: pg_dump / pg_restore, and point-in-time recovery. */
export const POSTGRES_BACKUP_DOCS = 'docs/backups.md';

/** The SQLite file this configuration selects, refusing what cannot be backed up or restored (exit 2). */
function sqliteFileOf(config: Config, verb: string): string {
  if (config.database.dialect === 'postgres') {
    throw validationError(
      `${verb} works on the embedded SQLite database; on PostgreSQL use pg_dump -Fc / pg_restore ` +
        `(and WAL archiving for point-in-time recovery in production), as ${POSTGRES_BACKUP_DOCS} describes`,
    );
  }
  const filename = sqliteFilenameOf(config);
  if (filename === ':memory:') throw validationError(`svc-admin ${verb}: a database in memory has no file to ${verb}`);
  return filename;
}

/** An adapter's refusal is the operator's to fix: bad input (exit 2), with its message. */
async function refusalsAsBadInput(run: () => Promise<CommandResult> | CommandResult): Promise<CommandResult> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof SqliteBackupRefusal) throw validationError(err.message);
    throw err;
  }
}

/** `backup FILE`, `restore FILE`: the embedded database's online backup and its restore. */
export const storageCommands: AreaCommands = (program, select) => {
  program
    .command('backup')
    .description('a consistent online copy of the SQLite database (the server may keep serving), checked: integrity and rows per table')
    .argument('<file>', 'the backup file to write (must not exist)')
    .action((file, _options, command) =>
      select(command, {
        storage: async (config) => refusalsAsBadInput(async () => ({ ...(await backupSqliteFile(sqliteFileOf(config, 'backup'), resolve(file))) })),
      }),
    );
  program
    .command('restore')
    .description('put a backup in place as the database of an empty (or new) DATA_DIR, or at DATABASE_URL=sqlite:PATH where no file is')
    .argument('<file>', 'a file written by svc-admin backup')
    .action((file, _options, command) =>
      select(command, {
        storage: async (config) =>
          refusalsAsBadInput(() => {
            const target = sqliteFileOf(config, 'restore');
            // In DATA_DIR the server keeps its database and its generated secret: the directory must be empty.
            const emptyDirectory = config.databaseUrl === undefined ? config.dataDir : undefined;
            return { ...restoreSqliteFile(resolve(file), target, { emptyDirectory }) };
          }),
      }),
    );
};
