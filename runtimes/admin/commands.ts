import { validationError } from '../../core/shared/errors.js';
import { type AdminCommand, parse } from './admin-command.js';
import { AGENTS_COMMANDS } from './agents.commands.js';
import { BILLING_COMMANDS, PLAN_OPTIONS, planFromFlags } from './billing.commands.js';
import { CALLS_COMMANDS } from './calls.commands.js';
import { CORPUS_COMMANDS } from './corpus.commands.js';
import { TENANCY_COMMANDS } from './tenancy.commands.js';

export type { AdminCommand, CommandResult } from './admin-command.js';

export const ADMIN_COMMANDS: AdminCommand[] = [
  {
    words: ['key', 'create'],
    usage: 'key create --label L [--per-minute N] [--plan production|pilot|custom] [--until YYYY-MM-DD] [--price-list FILE.json]',
    async run(deps, args) {
      const { values } = parse(args, { label: { type: 'string' }, 'per-minute': { type: 'string' }, ...PLAN_OPTIONS });
      if (typeof values.label !== 'string') throw validationError('--label is required');
      const perMinuteText = values['per-minute'];
      let perMinute: number | undefined;
      if (typeof perMinuteText === 'string') {
        if (!/^\d+$/.test(perMinuteText)) throw validationError('--per-minute must be a positive integer');
        perMinute = Number(perMinuteText);
      }
      const created = await deps.apiKeys.create(values.label, perMinute, planFromFlags(values));
      return { ...created };
    },
  },
  {
    words: ['key', 'revoke'],
    usage: 'key revoke <key_id>',
    async run(deps, args) {
      const { positionals } = parse(args, {}, 1);
      return { ...(await deps.apiKeys.revoke(positionals[0])) };
    },
  },
  ...TENANCY_COMMANDS,
  ...CALLS_COMMANDS,
  ...AGENTS_COMMANDS,
  ...CORPUS_COMMANDS,
  ...BILLING_COMMANDS,
];

export function findCommand(argv: string[]): { command: AdminCommand; rest: string[] } | undefined {
  for (const command of ADMIN_COMMANDS) {
    if (command.words.every((w, i) => argv[i] === w)) return { command, rest: argv.slice(command.words.length) };
  }
  return undefined;
}

export const usageText = () => `usage: svc-admin <command>\n${ADMIN_COMMANDS.map((c) => `  ${c.usage}`).join('\n')}\n`;
