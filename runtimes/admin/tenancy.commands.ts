import { validationError } from '../../core/shared/errors.js';
import { type AdminCommand, type CommandIo, parse } from './admin-command.js';

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

export const TENANCY_COMMANDS: AdminCommand[] = [
  {
    words: ['tenant', 'create'],
    usage: 'tenant create <tenant_id> [--name N]',
    async run(deps, args) {
      const { values, positionals } = parse(args, { name: { type: 'string' } }, 1);
      return { ...(await deps.tenantAdmin.createTenant(positionals[0], values.name as string | undefined)) };
    },
  },
  {
    words: ['user', 'create'],
    usage: 'user create --tenant T --email E --role admin|member [--password P]  (else the password is read from stdin)',
    async run(deps, args, io) {
      const { values } = parse(args, {
        tenant: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
      });
      for (const required of ['tenant', 'email', 'role'] as const) {
        if (typeof values[required] !== 'string') throw validationError(`--${required} is required`);
      }
      let password = values.password as string | undefined;
      if (password === undefined) {
        if ((io.stdin as { isTTY?: boolean } | undefined)?.isTTY) io.stderr('password: ');
        password = await readPasswordLine(io);
        if (password === '') throw validationError('a password is required: --password P, or one line on stdin');
      }
      const user = await deps.tenantAdmin.createUser({
        tenant_id: values.tenant as string,
        email: values.email as string,
        role: values.role as string,
        password,
      });
      return { ...user };
    },
  },
  {
    words: ['user', 'disable'],
    usage: 'user disable <email>  (no login; the user\'s tokens are refused within seconds)',
    async run(deps, args) {
      const { positionals } = parse(args, {}, 1);
      return { ...(await deps.tenantAdmin.setUserDisabled(positionals[0], true)) };
    },
  },
  {
    words: ['user', 'enable'],
    usage: 'user enable <email>',
    async run(deps, args) {
      const { positionals } = parse(args, {}, 1);
      return { ...(await deps.tenantAdmin.setUserDisabled(positionals[0], false)) };
    },
  },
  {
    words: ['user', 'delete'],
    usage: 'user delete <email>  (the user\'s tokens are refused within seconds)',
    async run(deps, args) {
      const { positionals } = parse(args, {}, 1);
      return { ...(await deps.tenantAdmin.deleteUser(positionals[0])) };
    },
  },
];
