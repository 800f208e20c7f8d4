import { validationError } from '../../core/shared/errors.js';
import { resolve } from 'node:path';
import type { AreaCommands, CommandIo } from './admin-command.js';
import { exportTenant } from './tenant-export.js';

const MAX_PASSWORD_INPUT = 4096;

/** The first line of stdin (a piped password, or one typed at a prompt), without its line break. */
async function readPasswordLine(io: CommandIo): Promise<string> {
  if (!io.stdin) return '';
  let text = '';
  for await (const chunk of io.stdin) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.includes('\n') || text.length > MAX_PASSWORD_INPUT) break;
  }
  return text.split(/\r?\n/, 1)[0];
}

/** `tenant create`, `user create|disable|enable|delete`. */
export const tenancyCommands: AreaCommands = (program, select) => {
  const tenant = program.command('tenant').description('tenants of Area A');
  tenant
    .command('create')
    .description('create a tenant')
    .argument('<tenant_id>', 'lowercase letters, digits and dashes')
    .option('--name <name>', 'display name (default: the id)')
    .action((tenantId, options, command) => select(command, async (deps) => ({ ...(await deps.tenantAdmin.createTenant(tenantId, options.name)) })));
  tenant
    .command('export')
    .description('write the tenant\'s data as NDJSON per resource (calls, knowledge with bytes, agents with versions, workspace, webhook subscriptions without secrets) and manifest.json')
    .argument('<tenant_id>')
    .argument('<dir>', 'a new or empty directory')
    .action((tenantId, dir, _options, command) => select(command, async (deps) => ({ ...(await exportTenant(deps.offboarding, tenantId, resolve(dir))) })));
  tenant
    .command('delete')
    .description('delete every row the tenant owns, in every table and index (export it first)')
    .argument('<tenant_id>')
    .option('--confirm <tenant_id>', 'the tenant id again (required)')
    .action((tenantId, options, command) =>
      select(command, async (deps) => ({ tenant_id: tenantId, deleted: await deps.offboarding.delete(tenantId, options.confirm) })),
    );

  const user = program.command('user').description('users of a tenant (login by email)');
  user
    .command('create')
    .description('create a user; the password is read from stdin (first line) unless --password is given')
    .option('--tenant <tenant_id>', 'the user\'s tenant (required)')
    .option('--email <email>', 'login email (required)')
    .option('--role <role>', 'admin or member (required)')
    .option('--password <password>', 'else one line on stdin')
    .action((options, command) =>
      select(command, async (deps, io) => {
        for (const required of ['tenant', 'email', 'role'] as const) {
          if (typeof options[required] !== 'string') throw validationError(`--${required} is required`);
        }
        let password = options.password;
        if (password === undefined) {
          if ((io.stdin as { isTTY?: boolean } | undefined)?.isTTY) io.stderr('password: ');
          password = await readPasswordLine(io);
          if (password === '') throw validationError('a password is required: --password P, or one line on stdin');
        }
        return { ...(await deps.tenantAdmin.createUser({ tenant_id: options.tenant!, email: options.email!, role: options.role!, password })) };
      }),
    );
  const toggles = [
    ['disable', 'no login; the user\'s tokens are refused within seconds', true],
    ['enable', 'allow login again', false],
  ] as const;
  for (const [verb, description, disabled] of toggles) {
    user
      .command(verb)
      .description(description)
      .argument('<email>')
      .action((email, _options, command) => select(command, async (deps) => ({ ...(await deps.tenantAdmin.setUserDisabled(email, disabled)) })));
  }
  user
    .command('delete')
    .description('delete a user; the user\'s tokens are refused within seconds')
    .argument('<email>')
    .action((email, _options, command) => select(command, async (deps) => ({ ...(await deps.tenantAdmin.deleteUser(email)) })));
};
