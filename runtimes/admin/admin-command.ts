import { parseArgs } from 'node:util';
import { validationError } from '../../core/shared/errors.js';
import type { AdminDeps } from './admin-deps.js';

export type CommandResult = Record<string, unknown>;

/** What a command may read besides its arguments. */
export interface CommandIo {
  /** Standard input, for secrets that should not sit in shell history (`user create`). */
  stdin?: AsyncIterable<string | Buffer>;
  /** Progress and per-record problems; stdout keeps the one JSON result. */
  stderr: (text: string) => void;
}

export interface AdminCommand {
  /** Words that select the command, e.g. ['key', 'create']. */
  words: string[];
  usage: string;
  run(deps: AdminDeps, args: string[], io: CommandIo): Promise<CommandResult>;
}

/** A result that is printed, with a non-zero exit code (some records failed). */
export const EXIT_CODE = Symbol('exitCode');
export const withExitCode = (result: CommandResult, code: number): CommandResult => Object.assign(result, { [EXIT_CODE]: code });
export const exitCodeOf = (result: CommandResult): number => (result as { [EXIT_CODE]?: number })[EXIT_CODE] ?? 0;

/** A result printed as this text instead of one JSON object (JSON lines, CSV). */
export const RAW_OUTPUT = Symbol('rawOutput');
export const withRawOutput = (result: CommandResult, text: string): CommandResult => Object.assign(result, { [RAW_OUTPUT]: text });
export const rawOutputOf = (result: CommandResult): string | undefined => (result as { [RAW_OUTPUT]?: string })[RAW_OUTPUT];

type ParseOptions = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>;

export function parse(args: string[], options: ParseOptions, positionals = 0) {
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
