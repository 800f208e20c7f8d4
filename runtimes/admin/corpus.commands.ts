import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { readCorpusManifest } from '../../adapters/corpus/file-corpus.loader.js';
import { corpusRevision } from '../../core/attestation/operator-research/corpus-provider.js';
import { PILLARS, SOURCE_TAGS } from '../../core/attestation/corpus/corpus.model.js';
import type { LineError, OperatorLine } from '../../core/attestation/operator-research/operator-validation.js';
import type { ResearchOrder } from '../../core/attestation/research-orders/research-order.model.js';
import type { ImportOutcome } from '../../core/attestation/use-cases/operator-research.js';
import { validationError } from '../../core/shared/errors.js';
import { type AreaCommands, type CommandIo, withExitCode } from './admin-command.js';
import type { AdminDeps } from './admin-deps.js';

/** Line problems listed in the JSON result and on stderr; `errors_total` counts them all. */
export const MAX_REPORTED_LINE_ERRORS = 200;
const MAX_LINE_LENGTH = 64 * 1024;
const MAX_LINES = 100_000;

/** Reads an NDJSON file: parsed lines for validation, and the lines that are not JSON objects. */
async function readLines(file: string): Promise<{ lines: OperatorLine[]; errors: LineError[]; count: number }> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
  } catch (err) {
    throw validationError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const lines: OperatorLine[] = [];
  const errors: LineError[] = [];
  let count = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
    const line = ++count;
    if (line > MAX_LINES) throw validationError(`${file} has more than ${MAX_LINES} lines: split it into several imports`);
    if (text.trim() === '') continue;
    if (text.length > MAX_LINE_LENGTH) {
      errors.push({ line, message: `line longer than ${MAX_LINE_LENGTH} characters` });
      continue;
    }
    try {
      lines.push({ line, value: JSON.parse(text) });
    } catch {
      errors.push({ line, message: 'not valid JSON' });
    }
  }
  return { lines, errors, count };
}

/**
 * `corpus import FILE.ndjson`: every line checked against the corpus (shipped + research so
 * far); if any is bad, nothing is applied and every problem is listed by line number; otherwise
 * the whole file is applied in one transaction as the next revision, which running servers
 * pick up within about a second.
 */
export async function importCorpusFile(deps: Pick<AdminDeps, 'corpusImport' | 'researchOrders'>, file: string, io: Pick<CommandIo, 'stderr'>, options: { dryRun?: boolean; order?: string } = {}) {
  const read = await readLines(file);
  // A line that is not JSON fails the whole file: the others are then only checked, never applied.
  const dryRun = options.dryRun === true || read.errors.length > 0;
  let delivered: ResearchOrder | undefined;
  let outcome: ImportOutcome;
  if (options.order === undefined) {
    outcome = await deps.corpusImport.execute(read.lines, file, { dryRun });
  } else {
    // --order: the import and the order's move to delivered are one transaction.
    const result = await deps.researchOrders.deliver(options.order, (deliver) => deps.corpusImport.execute(read.lines, file, { dryRun, deliver }));
    outcome = result.outcome;
    if (outcome.applied) delivered = result.order;
  }
  const errors = [...read.errors, ...(outcome.applied ? [] : outcome.errors)].sort((a, b) => a.line - b.line);
  if (!outcome.applied && errors.length === 0) {
    return withExitCode({ applied: false, dry_run: true, file, lines: read.count, claims: read.lines.length, errors: [] }, 0);
  }
  if (outcome.applied) {
    const i = outcome.import;
    return withExitCode(
      {
        applied: true,
        import_id: i.import_id,
        revision: i.revision,
        corpus_revision: outcome.corpus_revision,
        file,
        lines: read.count,
        claims: i.claims,
        works_added: i.works_added,
        artists_added: i.artists_added,
        researchers: i.researchers,
        applied_at: i.applied_at,
        ...(delivered ? { order: { order_id: delivered.order_id, status: delivered.status, corpus_revision: delivered.corpus_revision } } : {}),
      },
      0,
    );
  }
  const shown = errors.slice(0, MAX_REPORTED_LINE_ERRORS);
  for (const e of shown) io.stderr(e.line > 0 ? `line ${e.line}: ${e.message}\n` : `${file}: ${e.message}\n`);
  io.stderr(`svc-admin: ${errors.length} problem(s) in ${file}; nothing was imported\n`);
  return withExitCode(
    { applied: false, file, lines: read.count, errors: shown, errors_total: errors.length, errors_truncated: errors.length > shown.length },
    1,
  );
}

/** `corpus stats`: the corpus as a running server sees it (shipped build + operator research). */
export async function corpusStats(deps: Pick<AdminDeps, 'config' | 'operatorResearch'>) {
  const manifest = await readCorpusManifest(deps.config.corpusDir);
  const research = await deps.operatorResearch.load();
  const imports = await deps.operatorResearch.imports();
  const bySource: Record<string, number> = {};
  for (const tag of SOURCE_TAGS) bySource[tag] = manifest.counts.claims_by_source[tag] ?? 0;
  const byPillar: Record<string, number> = {};
  for (const pillar of PILLARS) byPillar[pillar] = manifest.counts.claims_by_pillar[pillar] ?? 0;
  const operatorByPillar: Record<string, number> = Object.fromEntries(PILLARS.map((p) => [p, 0]));
  for (const c of research.claims) {
    bySource.operator = (bySource.operator ?? 0) + 1;
    byPillar[c.pillar] = (byPillar[c.pillar] ?? 0) + 1;
    operatorByPillar[c.pillar] = (operatorByPillar[c.pillar] ?? 0) + 1;
  }
  return {
    build_id: manifest.build_id,
    built_at: manifest.built_at,
    corpus_revision: corpusRevision(manifest.build_id, research.revision),
    counts: {
      artists: manifest.counts.artists + research.artists.length,
      works: manifest.counts.works + research.works.length,
      claims: manifest.counts.claims + research.claims.length,
      claims_by_source: bySource,
      claims_by_pillar: byPillar,
    },
    sources: manifest.sources.map((s) => ({ tag: s.tag, name: s.name, licence: s.licence, records_read: s.records_read, works: s.works, artists: s.artists })),
    operator: {
      revision: research.revision,
      claims: research.claims.length,
      claims_by_pillar: operatorByPillar,
      attributions: research.claims.filter((c) => c.attribution !== null).length,
      works_added: research.works.length,
      artists_added: research.artists.length,
      works_touched: new Set(research.claims.map((c) => c.work_id)).size,
    },
    imports,
  };
}

/** `corpus import`, `corpus stats`. */
export const corpusCommands: AreaCommands = (program, select) => {
  const corpus = program.command('corpus').description('the corpus and operator research');
  corpus
    .command('import')
    .description('import operator research, one claim per line (docs/operator-research.md); nothing is applied if any line is bad')
    .argument('<file>', 'NDJSON file')
    .option('--dry-run', 'check every line, apply nothing')
    .option('--order <order_id>', 'deliver this accepted research order in the import\'s transaction')
    .action((file, options, command) => select(command, (deps, io) => importCorpusFile(deps, file, io, { dryRun: options.dryRun === true, order: options.order })));
  corpus
    .command('stats')
    .description('the corpus as a running server sees it (shipped build + operator research)')
    .action((_options, command) => select(command, (deps) => corpusStats(deps)));
};
