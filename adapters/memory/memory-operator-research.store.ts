import type { OperatorImport, OperatorImportBatch, OperatorResearch } from '../../core/attestation/operator-research/operator-research.model.js';
import type { OperatorResearchStore } from '../../core/attestation/ports.js';
import { conflict } from '../../core/shared/errors.js';
import type { MemoryResearchOrderStore } from './memory-research-order.store.js';

/** In-memory fake; passes the same contract suite as the SQL store. Stored serialised, as a database would. */
export class MemoryOperatorResearchStore implements OperatorResearchStore {
  private imported: string[] = [];
  private batches: string[] = [];

  /** `orders`: where a batch's `delivers` moves its order, in the same (synchronous) step. */
  constructor(private readonly orders?: MemoryResearchOrderStore) {}

  async revision(): Promise<number> {
    return this.imported.length;
  }

  async load(): Promise<OperatorResearch> {
    return this.snapshot();
  }

  /** Synchronous, so that `apply` checks and writes with no await in between (one transaction). */
  private snapshot(): OperatorResearch {
    const batches = this.batches.map((b) => JSON.parse(b) as OperatorImportBatch);
    const imports = this.imported.map((i) => JSON.parse(i) as OperatorImport);
    return {
      revision: imports.length,
      artists: batches.flatMap((b) => b.artists).sort((a, b) => cmp(a.artist_id, b.artist_id)),
      works: batches.flatMap((b) => b.works).sort((a, b) => cmp(a.work_id, b.work_id)),
      claims: batches.flatMap((b) => [...b.claims].sort((x, y) => x.line - y.line)),
      applied_at: Object.fromEntries(imports.map((i) => [i.import_id, i.applied_at])),
    };
  }

  async apply(batch: OperatorImportBatch): Promise<OperatorImport> {
    if (batch.expected_revision !== this.imported.length) {
      throw conflict(`Another import was applied meanwhile (revision ${this.imported.length}, expected ${batch.expected_revision}); run the import again.`);
    }
    const held = this.snapshot();
    const works = new Set(held.works.map((w) => w.work_id));
    const artists = new Set(held.artists.map((a) => a.artist_id));
    const importIds = new Set(this.imported.map((i) => (JSON.parse(i) as OperatorImport).import_id));
    const taken = batch.works.find((w) => works.has(w.work_id)) ?? batch.artists.find((a) => artists.has(a.artist_id));
    if (taken) throw conflict(`${'work_id' in taken ? `Work ${taken.work_id}` : `Artist ${taken.artist_id}`} was already added by another import.`);
    if (importIds.has(batch.import.import_id)) throw conflict(`Import ${batch.import.import_id} exists already.`);
    const lines = new Set<number>();
    for (const c of batch.claims) {
      if (lines.has(c.line)) throw conflict(`Line ${c.line} appears twice in import ${batch.import.import_id}.`);
      lines.add(c.line);
    }
    if (batch.delivers) {
      if (!this.orders) throw conflict(`No order store to deliver ${batch.delivers.order_id} through.`);
      this.orders.markDelivered(batch.delivers);
    }
    const record: OperatorImport = { ...batch.import, revision: this.imported.length + 1 };
    this.batches.push(JSON.stringify(batch));
    this.imported.push(JSON.stringify(record));
    return record;
  }

  async imports(): Promise<OperatorImport[]> {
    return this.imported.map((i) => JSON.parse(i) as OperatorImport);
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
