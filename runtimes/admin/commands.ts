import { parseArgs } from 'node:util';
import type { Container } from 'inversify';
import type { ApiKeys } from '../../core/attestation/use-cases/api-keys.js';
import { validationError } from '../../core/shared/errors.js';
import { ATTESTATION } from '../shared/composition/attestation.tokens.js';

export type CommandResult = Record<string, unknown>;

export interface AdminCommand {
  /** Words that select the command, e.g. ['key', 'create']. */
  words: string[];
  usage: string;
  run(container: Container, args: string[]): Promise<CommandResult>;
}

type ParseOptions = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>;

function parse(args: string[], options: ParseOptions, positionals = 0) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true });
    if (parsed.positionals.length !== positionals) {
      throw new Error(`expected ${positionals} argument(s), got ${parsed.positionals.length}`);
    }
    return parsed;
  } catch (err) {
    throw validationError(err instanceof Error ? err.message : String(err));
  }
}

export const ADMIN_COMMANDS: AdminCommand[] = [
  {
    words: ['key', 'create'],
    usage: 'key create --label L [--per-minute N]',
    async run(container, args) {
      const { values } = parse(args, { label: { type: 'string' }, 'per-minute': { type: 'string' } });
      if (typeof values.label !== 'string') throw validationError('--label is required');
      const perMinuteText = values['per-minute'];
      let perMinute: number | undefined;
      if (typeof perMinuteText === 'string') {
        if (!/^\d+$/.test(perMinuteText)) throw validationError('--per-minute must be a positive integer');
        perMinute = Number(perMinuteText);
      }
      const created = await container.get<ApiKeys>(ATTESTATION.ApiKeys).create(values.label, perMinute);
      return { ...created };
    },
  },
  {
    words: ['key', 'revoke'],
    usage: 'key revoke <key_id>',
    async run(container, args) {
      const { positionals } = parse(args, {}, 1);
      return { ...(await container.get<ApiKeys>(ATTESTATION.ApiKeys).revoke(positionals[0])) };
    },
  },
];

export function findCommand(argv: string[]): { command: AdminCommand; rest: string[] } | undefined {
  for (const command of ADMIN_COMMANDS) {
    if (command.words.every((w, i) => argv[i] === w)) return { command, rest: argv.slice(command.words.length) };
  }
  return undefined;
}

export const usageText = () => `usage: svc-admin <command>\n${ADMIN_COMMANDS.map((c) => `  ${c.usage}`).join('\n')}\n`;
