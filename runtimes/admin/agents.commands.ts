import { validationError } from '../../core/shared/errors.js';
import type { AreaCommands } from './admin-command.js';

/** `agent create`. */
export const agentsCommands: AreaCommands = (program, select) => {
  program
    .command('agent')
    .description('AI agents of a tenant')
    .command('create')
    .description('create an agent with the default configuration')
    .option('--tenant <tenant_id>', 'the agent\'s tenant (required)')
    .option('--name <name>', 'the agent\'s name (required)')
    .action((options, command) =>
      select(command, async (deps) => {
        for (const required of ['tenant', 'name'] as const) {
          if (typeof options[required] !== 'string' || options[required].trim() === '') throw validationError(`--${required} is required`);
        }
        return { ...(await deps.agents.createDefault(options.tenant!, options.name!)) };
      }),
    );
};
