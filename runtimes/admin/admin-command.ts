import { type Command, type CommandUnknownOpts, InvalidArgumentError } from '@commander-js/extra-typings';
import type { z } from 'zod';
import type { Config } from '../shared/settings/config.js';
import type { AdminDeps } from './admin-deps.js';

export type CommandResult = Record<string, unknown>;

/** What a command may read besides its arguments. */
export interface CommandIo {
  /** Standard input, for secrets that should not sit in shell history (`user create`). */
  stdin?: AsyncIterable<string | Buffer>;
  /** Progress and per-record problems; stdout keeps the one JSON result. */
  stderr: (text: string) => void;
}

/** A parsed command, ready to run: a function of the admin dependencies, nothing else. */
export type AdminAction = (deps: AdminDeps, io: CommandIo) => Promise<CommandResult>;

/**
 * A command on the database's storage itself (`backup`, `restore`): a function of the
 * configuration alone, run without opening the database through the service (a restore's
 * target does not exist yet, and must not be created or migrated).
 */
export interface StorageAction {
  storage: (config: Config, io: CommandIo) => Promise<CommandResult>;
}

/**
 * How a command's commander action hands its parsed arguments over: `select(command, action)`.
 * The composition root (run-admin.ts) runs the selected action once parsing succeeded, so bad
 * usage never opens the database.
 */
export type Select = (command: CommandUnknownOpts, action: AdminAction | StorageAction) => void;

/** One area's commands, added under `program` (e.g. `key create`, `key revoke`). */
export type AreaCommands = (program: Command, select: Select) => void;

/** A result that is printed, with a non-zero exit code (some records failed). */
export const EXIT_CODE = Symbol('exitCode');
export const withExitCode = (result: CommandResult, code: number): CommandResult => Object.assign(result, { [EXIT_CODE]: code });
export const exitCodeOf = (result: CommandResult): number => (result as { [EXIT_CODE]?: number })[EXIT_CODE] ?? 0;

/** A result printed as this text instead of one JSON object (JSON lines, CSV). */
export const RAW_OUTPUT = Symbol('rawOutput');
export const withRawOutput = (result: CommandResult, text: string): CommandResult => Object.assign(result, { [RAW_OUTPUT]: text });
export const rawOutputOf = (result: CommandResult): string | undefined => (result as { [RAW_OUTPUT]?: string })[RAW_OUTPUT];

/**
 * A commander option parser for an integer from `min` to `max` (digits only); anything else is
 * bad usage (exit 2), reported as `<flag> must be …`.
 */
export const integerIn =
  (flag: string, min: number, max: number, message = `${flag} must be an integer from ${min} to ${max}`) =>
  (text: string): number => {
    if (!/^\d{1,9}$/.test(text) || Number(text) < min || Number(text) > max) throw new InvalidArgumentError(message);
    return Number(text);
  };

/**
 * A command's options validated by the runtimes' shared schema of the same input (the one the
 * HTTP route parses with): commander parses the flags, the schema validates them, once. A bad
 * value is bad usage (exit 2, before any database is opened), each named by its flag.
 */
export function validOptions<S extends z.ZodType>(command: CommandUnknownOpts, schema: S, options: unknown): z.output<S> {
  const parsed = schema.safeParse(options);
  if (parsed.success) return parsed.data;
  const flag = (path: PropertyKey[]) => `--${path.map(String).join('.').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  command.error(parsed.error.issues.map((issue) => `option ${flag(issue.path)}: ${issue.message}`).join('\nsvc-admin: '), { exitCode: 2, code: 'svc-admin.invalidOption' });
}

/** `svc-admin key create`: the words that select a command, from the program down. */
export function commandPath(command: CommandUnknownOpts): string {
  const words: string[] = [];
  for (let c: CommandUnknownOpts | null = command; c; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}
