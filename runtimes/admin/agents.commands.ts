import { validationError } from '../../core/shared/errors.js';
import { type AdminCommand, parse } from './admin-command.js';

export const AGENTS_COMMANDS: AdminCommand[] = [
  {
    words: ['agent', 'create'],
    usage: 'agent create --tenant T --name N',
    async run(deps, args) {
      const { values } = parse(args, { tenant: { type: 'string' }, name: { type: 'string' } });
      for (const required of ['tenant', 'name'] as const) {
        if (typeof values[required] !== 'string' || (values[required] as string).trim() === '') throw validationError(`--${required} is required`);
      }
      return { ...(await deps.agents.createDefault(values.tenant as string, values.name as string)) };
    },
  },
];
