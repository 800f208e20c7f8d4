import { validationError } from '../../core/shared/errors.js';
import { type AreaCommands, integerIn } from './admin-command.js';
import { planFromFlags, planOptions } from './billing.commands.js';

/** `key create`, `key revoke`, `key plan`: the oracle's API keys. */
export const keysCommands: AreaCommands = (program, select) => {
  const key = program.command('key').description('API keys of the attestation oracle');
  key
    .command('create')
    .description('create a key; it is printed once, only its hash is stored')
    .option('--label <label>', 'who the key is for (required)')
    .option('--per-minute <n>', 'rate limit (default RATE_LIMIT_VERIFY_KEY_PER_MINUTE)', integerIn('--per-minute', 0, 999_999_999, '--per-minute must be a positive integer'))
    .addOption(planOptions.plan())
    .addOption(planOptions.until())
    .addOption(planOptions.priceList())
    .action((options, command) =>
      select(command, async (deps) => {
        if (typeof options.label !== 'string') throw validationError('--label is required');
        return { ...(await deps.apiKeys.create(options.label, options.perMinute, planFromFlags(options))) };
      }),
    );
  key
    .command('revoke')
    .description('revoke a key at once')
    .argument('<key_id>')
    .action((keyId, _options, command) => select(command, async (deps) => ({ ...(await deps.apiKeys.revoke(keyId)) })));
  key
    .command('plan')
    .description('change a key\'s plan')
    .argument('<key_id>')
    .addOption(planOptions.plan())
    .addOption(planOptions.until())
    .addOption(planOptions.priceList())
    .action((keyId, options, command) =>
      select(command, async (deps) => {
        const plan = planFromFlags(options);
        if (!plan) throw validationError('--plan is required');
        return { ...(await deps.apiKeys.setPlan(keyId, plan)) };
      }),
    );
};
