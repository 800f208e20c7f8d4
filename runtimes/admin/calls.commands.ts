import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { FieldError } from '../../core/shared/errors.js';
import { notFound, validationError } from '../../core/shared/errors.js';
import type { NewCallInput } from '../../core/calls/new-call.js';
import { NewCallSchema } from '../shared/schemas/calls.schemas.js';
import { type AreaCommands, type CommandIo, integerIn, withExitCode } from './admin-command.js';
import { ErasureRequestSchema } from '../shared/schemas/erasure.schemas.js';
import type { AdminDeps } from './admin-deps.js';
import { fieldErrorsOf } from '../shared/schemas/field-errors.js';

export const IMPORT_BATCH_SIZE = 1000;
/** Bad lines listed in the JSON result (and on stderr); the count covers them all. */
export const MAX_REPORTED_ERRORS = 1000;
const MAX_LINE_LENGTH = 2 * 1024 * 1024;

export interface BadLine {
  line: number;
  message: string;
  errors?: FieldError[];
}

export interface ImportReport {
  tenant_id: string;
  file: string;
  lines: number;
  imported: number;
  rejected: number;
  errors: BadLine[];
  errors_truncated: boolean;
}

/**
 * Streams an NDJSON file (one call per line, the body of POST .../calls) into a tenant.
 * Lines are checked as they are read; the good ones are stored in batches, each batch in
 * one transaction. Bad lines (not JSON, invalid, duplicate call_id) are reported by line
 * number and never stop the import.
 */
export async function importCallsFile(
  deps: Pick<AdminDeps, 'tenantAdmin' | 'callIngest'>,
  tenantId: string,
  file: string,
  io: Pick<CommandIo, 'stderr'>,
  batchSize = IMPORT_BATCH_SIZE,
): Promise<ImportReport> {
  if (!(await deps.tenantAdmin.tenantExists(tenantId))) throw notFound(`No tenant ${tenantId}.`);
  const ingest = deps.callIngest;
  const report: ImportReport = { tenant_id: tenantId, file, lines: 0, imported: 0, rejected: 0, errors: [], errors_truncated: false };
  const bad = (entry: BadLine) => {
    report.rejected++;
    if (report.errors.length >= MAX_REPORTED_ERRORS) {
      report.errors_truncated = true;
      return;
    }
    report.errors.push(entry);
    const detail = entry.errors?.length ? ` (${entry.errors.map((e) => `${e.path}: ${e.message}`).join('; ')})` : '';
    io.stderr(`line ${entry.line}: ${entry.message}${detail}\n`);
  };

  let batch: { line: number; input: NewCallInput }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const outcome = await ingest.importBatch(tenantId, batch.map((b) => b.input));
    report.imported += outcome.imported;
    for (const r of outcome.rejected) bad({ line: batch[r.index].line, message: r.message, errors: r.errors });
    batch = [];
  };

  const stream = createReadStream(file, { encoding: 'utf8' });
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  try {
    await opened;
  } catch (err) {
    throw validationError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  for await (const text of lines) {
    const line = ++report.lines;
    if (text.trim() === '') continue;
    if (text.length > MAX_LINE_LENGTH) {
      bad({ line, message: `line longer than ${MAX_LINE_LENGTH} characters` });
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      bad({ line, message: 'not valid JSON' });
      continue;
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      bad({ line, message: 'not a JSON object' });
      continue;
    }
    const parsed = NewCallSchema.safeParse(json);
    if (!parsed.success) {
      bad({
        line,
        message: 'invalid call',
        errors: fieldErrorsOf(parsed.error, 'line'),
      });
      continue;
    }
    batch.push({ line, input: parsed.data });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (report.imported > 0) await ingest.finishImport();
  return report;
}

/** `calls import`, `calls erase`. */
export const callsCommands: AreaCommands = (program, select) => {
  const calls = program.command('calls').description('calls of a tenant');
  calls
    .command('import')
    .description('import finished calls: one POST .../calls body per line; bad lines reported by number (exit 1 if any)')
    .argument('<file>', 'NDJSON file')
    .option('--tenant <tenant_id>', 'the calls\' tenant (required)')
    .option('--batch-size <n>', 'calls stored per transaction', integerIn('--batch-size', 1, 10_000), IMPORT_BATCH_SIZE)
    .action((file, options, command) =>
      select(command, async (deps, io) => {
        if (typeof options.tenant !== 'string') throw validationError('--tenant is required');
        const report = await importCallsFile(deps, options.tenant, file, io, options.batchSize);
        if (report.rejected > 0) io.stderr(`svc-admin: ${report.rejected} line(s) rejected, ${report.imported} call(s) imported\n`);
        return withExitCode({ ...report }, report.rejected > 0 ? 1 : 0);
      }),
    );
  calls
    .command('erase')
    .description('erase every call of a caller number (or calls by id) with their search entries; emits calls.erased and keeps a record without personal data')
    .option('--tenant <tenant_id>', 'the calls\' tenant (required)')
    .option('--caller <number>', 'the caller number, as recorded in the calls\' caller')
    .option('--call-id <call_id...>', 'the calls to erase, by id (repeatable)')
    .action((options, command) => {
      // The HTTP body's schema, its fields named by their flags; bad usage (exit 2) before any database is opened.
      const checked = ErasureRequestSchema.safeParse({ caller_number: options.caller, call_ids: options.callId });
      if (!checked.success) {
        const flag = (path: PropertyKey[]) => (path[0] === 'caller_number' ? '--caller: ' : path[0] === 'call_ids' ? '--call-id: ' : '');
        command.error(checked.error.issues.map((issue) => `${flag(issue.path)}${issue.message.replace('caller_number or call_ids', '--caller or --call-id')}`).join('\nsvc-admin: '), { exitCode: 2, code: 'svc-admin.invalidOption' });
        return;
      }
      const parsed = checked.data;
      select(command, async (deps) => {
        if (typeof options.tenant !== 'string') throw validationError('--tenant is required');
        return { ...(await deps.callErasure.erase({ operator: true }, options.tenant, parsed)) };
      });
    });
};
