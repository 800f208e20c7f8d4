import type { Kysely, Transaction } from 'kysely';
import type { ClaimKind, Pillar, Qualifier } from '../../core/attestation/corpus/corpus.model.js';
import type {
  OperatorClaim,
  OperatorImport,
  OperatorImportBatch,
  OperatorResearch,
} from '../../core/attestation/operator-research/operator-research.model.js';
import type { OperatorResearchStore } from '../../core/attestation/ports.js';
import { conflict } from '../../core/shared/errors.js';
import type { Database } from './database.js';
import type { CorpusImportsTable } from './operator-research.tables.js';
import { markDelivered } from './sql-research-order.store.js';
import { isUniqueViolation } from './unique-violation.js';

/** Rows per INSERT: far below every dialect's bound-parameter limit. */
const CHUNK = 400;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

function toImport(row: CorpusImportsTable): OperatorImport {
  return {
    import_id: row.import_id,
    revision: Number(row.revision),
    applied_at: row.applied_at,
    file: row.file,
    base_build: row.base_build,
    lines: Number(row.lines),
    claims: Number(row.claims),
    works_added: Number(row.works_added),
    artists_added: Number(row.artists_added),
    researchers: JSON.parse(row.researchers_json) as string[],
  };
}

/** Operator research over any Kysely dialect: each import in one transaction. */
export class SqlOperatorResearchStore implements OperatorResearchStore {
  constructor(private readonly db: Kysely<Database>) {}

  async revision(): Promise<number> {
    return currentRevision(this.db);
  }

  async load(): Promise<OperatorResearch> {
    // One snapshot: every table read at the same revision, never half an import (SQLite's read
    // transaction is a snapshot; PostgreSQL needs repeatable read for one across statements).
    return this.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      const imports = await trx.selectFrom('corpus_imports').select(['import_id', 'revision', 'applied_at']).orderBy('revision').execute();
      const artists = await trx.selectFrom('operator_artists').selectAll().orderBy('artist_id').execute();
      const works = await trx.selectFrom('operator_works').selectAll().orderBy('work_id').execute();
      const claims = await trx.selectFrom('operator_claims').selectAll().execute();
      const order = new Map(imports.map((i) => [i.import_id, Number(i.revision)]));
      claims.sort((a, b) => (order.get(a.import_id) ?? 0) - (order.get(b.import_id) ?? 0) || Number(a.line) - Number(b.line));
      return {
        revision: imports.length === 0 ? 0 : Number(imports[imports.length - 1].revision),
        artists: artists.map((a) => ({
          artist_id: a.artist_id,
          import_id: a.import_id,
          name: a.name,
          birth_year: a.birth_year === null ? null : Number(a.birth_year),
          death_year: Number(a.death_year),
        })),
        works: works.map((w) => ({ work_id: w.work_id, import_id: w.import_id, artist_id: w.artist_id, title: w.title, inventory_number: w.inventory_number })),
        claims: claims.map(
          (c): OperatorClaim => ({
            import_id: c.import_id,
            line: Number(c.line),
            work_id: c.work_id,
            pillar: c.pillar as Pillar,
            kind: c.kind as ClaimKind,
            claim: c.claim,
            source_ref: c.source_ref,
            researcher: c.researcher,
            attribution:
              c.attribution_artist_id === null || c.attribution_qualifier === null
                ? null
                : { artist_id: c.attribution_artist_id, qualifier: c.attribution_qualifier as Qualifier },
          }),
        ),
        applied_at: Object.fromEntries(imports.map((i) => [i.import_id, i.applied_at])),
      };
    });
  }

  async apply(batch: OperatorImportBatch): Promise<OperatorImport> {
    const revision = batch.expected_revision + 1;
    const record: OperatorImport = { ...batch.import, revision };
    try {
      await this.db.transaction().execute(async (trx) => {
        const current = await currentRevision(trx);
        if (current !== batch.expected_revision) {
          throw conflict(`Another import was applied meanwhile (revision ${current}, expected ${batch.expected_revision}); run the import again.`);
        }
        await this.refuseTaken(trx, batch);
        // The order this import delivers moves in the same transaction, or nothing is applied.
        if (batch.delivers) await markDelivered(trx, batch.delivers);
        await trx
          .insertInto('corpus_imports')
          .values({
            import_id: record.import_id,
            revision,
            applied_at: record.applied_at,
            file: record.file,
            base_build: record.base_build,
            lines: record.lines,
            claims: record.claims,
            works_added: record.works_added,
            artists_added: record.artists_added,
            researchers_json: JSON.stringify(record.researchers),
          })
          .execute();
        for (const rows of chunks(batch.artists)) await trx.insertInto('operator_artists').values(rows).execute();
        for (const rows of chunks(batch.works)) await trx.insertInto('operator_works').values(rows).execute();
        for (const rows of chunks(batch.claims)) {
          await trx
            .insertInto('operator_claims')
            .values(
              rows.map((c) => ({
                import_id: c.import_id,
                line: c.line,
                work_id: c.work_id,
                pillar: c.pillar,
                kind: c.kind,
                claim: c.claim,
                source_ref: c.source_ref,
                researcher: c.researcher,
                attribution_artist_id: c.attribution?.artist_id ?? null,
                attribution_qualifier: c.attribution?.qualifier ?? null,
              })),
            )
            .execute();
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Another import was applied meanwhile, or an id it adds is taken; run the import again.');
      throw err;
    }
    return record;
  }

  async imports(): Promise<OperatorImport[]> {
    const rows = await this.db.selectFrom('corpus_imports').selectAll().orderBy('revision').execute();
    return rows.map(toImport);
  }

  /** Ids the batch adds that an earlier import already holds: a conflict, nothing applied. */
  private async refuseTaken(trx: Transaction<Database>, batch: OperatorImportBatch): Promise<void> {
    for (const ids of chunks(batch.works.map((w) => w.work_id))) {
      const taken = await trx.selectFrom('operator_works').select('work_id').where('work_id', 'in', ids).executeTakeFirst();
      if (taken) throw conflict(`Work ${taken.work_id} was already added by another import.`);
    }
    for (const ids of chunks(batch.artists.map((a) => a.artist_id))) {
      const taken = await trx.selectFrom('operator_artists').select('artist_id').where('artist_id', 'in', ids).executeTakeFirst();
      if (taken) throw conflict(`Artist ${taken.artist_id} was already added by another import.`);
    }
  }
}

async function currentRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('corpus_imports').select((eb) => eb.fn.max('revision').as('revision')).executeTakeFirst();
  return row?.revision == null ? 0 : Number(row.revision);
}
