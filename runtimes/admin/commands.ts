import { Command } from '@commander-js/extra-typings';
import { RELEASE_VERSION } from '../shared/settings/release.js';
import { type AreaCommands, commandPath, type Select } from './admin-command.js';
import { agentsCommands } from './agents.commands.js';
import { billingCommands } from './billing.commands.js';
import { callsCommands } from './calls.commands.js';
import { corpusCommands } from './corpus.commands.js';
import { keysCommands } from './keys.commands.js';
import { storageCommands } from './storage.commands.js';
import { tenancyCommands } from './tenancy.commands.js';

export type { AdminAction, CommandResult } from './admin-command.js';

/** Every area's commands, in the order `svc-admin --help` lists them. */
const AREAS: AreaCommands[] = [keysCommands, tenancyCommands, callsCommands, agentsCommands, corpusCommands, billingCommands, storageCommands];

export interface ProgramOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * svc-admin's command line (commander): one subcommand per area word, one per verb below it.
 * Each action only `select`s what to run once parsing succeeded. Help goes to stdout on
 * `--help`, to stderr after a usage error; errors read `svc-admin: …`; nothing exits the process
 * (the caller maps commander's errors to exit codes).
 */
export function adminProgram(select: Select, output: ProgramOutput): Command {
  const program = new Command('svc-admin')
    .description('Operator commands: one JSON object on stdout; on failure a message on stderr, exit 2 for bad usage or input, 1 otherwise.')
    .version(RELEASE_VERSION, '--version', 'print the release')
    .option('--init', 'create and migrate the database when it does not exist yet (otherwise svc-admin refuses, so that a mistyped DATA_DIR or DATABASE_URL cannot mint keys the server never sees)')
    // Inherited by every subcommand added below.
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({
      writeOut: output.stdout,
      writeErr: output.stderr,
      outputError: (text, write) => write(`svc-admin: ${text.replace(/^error: /, '')}`),
    });
  for (const area of AREAS) area(program, select);
  program.addHelpText('after', () => `\nEvery command:\n${everyCommand(program)}\n\n${DATABASE_HELP}\n\n'svc-admin <command> --help' describes a command and its options.\n`);
  return program;
}

/** Which database svc-admin works on: the server's, found by the same two variables. */
export const DATABASE_HELP = [
  "Database: the same as the server's, selected by the same environment variables:",
  '  DATABASE_URL  postgres://user:password@host:5432/db, or sqlite:/path/file.sqlite',
  '  DATA_DIR      without DATABASE_URL, the SQLite file svc.sqlite in this directory (default ./data)',
  'Every command names the database it opened on stderr. A database that does not exist yet is',
  'created only with --init (svc-admin --init <command>).',
].join('\n');

/** One line per runnable command: its words, arguments and description. */
function everyCommand(program: Command): string {
  const leaves = (c: Command): Command[] => (c.commands.length === 0 ? [c] : c.commands.flatMap((sub) => leaves(sub as Command)));
  const rows = leaves(program).map((c) => [`${commandPath(c)} ${c.usage()}`, c.description()]);
  const width = Math.max(...rows.map(([synopsis]) => synopsis.length));
  return rows.map(([synopsis, description]) => `  ${synopsis.padEnd(width)}  ${description}`).join('\n');
}
