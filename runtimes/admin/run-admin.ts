import { randomBytes } from 'node:crypto';
import { CommanderError } from '@commander-js/extra-typings';
import { Container } from 'inversify';
import { isDomainError } from '../../core/shared/errors.js';
import { loadConfig } from '../shared/settings/config.js';
import { bindOperatorResearchImport } from '../shared/composition/attestation.module.js';
import { bindDatabaseBackedAreas } from '../shared/composition/database-backed.module.js';
import { databaseTarget } from '../shared/composition/database-target.js';
import { openDatabase } from '../shared/composition/open-database.js';
import { bindPlatform } from '../shared/composition/platform.module.js';
import { TENANCY } from '../shared/composition/tenancy.tokens.js';
import { provide } from '../shared/composition/token.js';
import { createLogger } from '../shared/settings/logger.js';
import { type AdminAction, commandPath, type StorageAction, exitCodeOf, rawOutputOf } from './admin-command.js';
import { resolveAdminDeps } from './admin-deps.js';
import { adminProgram } from './commands.js';

export interface AdminIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Read by commands that take a secret on stdin (`user create` without --password). */
  stdin?: AsyncIterable<string | Buffer>;
}

/**
 * svc-admin, the composition root of the admin runtime: one JSON object on stdout per
 * command; on failure a message on stderr and a non-zero exit code (2 for bad usage or
 * input, 1 for anything else).
 */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  let selected: { usage: string; action: AdminAction | StorageAction } | undefined;
  const program = adminProgram((command, action) => (selected = { usage: `${commandPath(command)} ${command.usage()}`, action }), io);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    // --help and --version succeed; any other parse failure (and no command at all) is bad usage.
    return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? 0 : 2;
  }
  if (!selected) throw new Error('svc-admin: the parsed command selected nothing to run');
  const found = selected;
  const init = program.getOptionValue('init') === true;
  let database;
  try {
    const config = loadConfig(io.env);
    const run = found.action;
    if (typeof run !== 'function') {
      const result = await run.storage(config, { stdin: io.stdin, stderr: io.stderr });
      io.stdout(`${JSON.stringify(result)}\n`);
      return exitCodeOf(result);
    }
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 2);
    const target = databaseTarget(config);
    const existed = await target.exists();
    if (!existed && target.persistent && !init) {
      io.stderr(
        `svc-admin: no database at ${target.label}; nothing was created.\n` +
          "  svc-admin works on the server's database: set DATA_DIR (the directory of svc.sqlite) or DATABASE_URL as the server has them,\n" +
          '  or pass --init to create a new database there (svc-admin --init <command>).\n',
      );
      return 2;
    }
    io.stderr(`svc-admin: database ${target.label}${existed ? '' : ' (created)'}\n`);
    database = await openDatabase(config);
    const container = new Container();
    bindPlatform(container, { config, logger, database });
    bindDatabaseBackedAreas(container);
    bindOperatorResearchImport(container);
    if (config.auth.jwtSecret === undefined && config.database.dialect === 'postgres') {
      // svc-admin issues no token and no cursor that outlives the command; the server, which
      // does, requires JWT_SECRET on PostgreSQL. A throwaway secret here, never written.
      container.unbind(TENANCY.AuthSecret);
      provide(container, TENANCY.AuthSecret, [], () => randomBytes(48).toString('base64url'));
    }
    const result = await run(resolveAdminDeps(container), { stdin: io.stdin, stderr: io.stderr });
    io.stdout(rawOutputOf(result) ?? `${JSON.stringify(result)}\n`);
    return exitCodeOf(result);
  } catch (err) {
    if (isDomainError(err)) {
      io.stderr(`svc-admin: ${err.message}\n  usage: ${found.usage}\n`);
      return err.code === 'VALIDATION' ? 2 : 1;
    }
    io.stderr(`svc-admin: failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}
