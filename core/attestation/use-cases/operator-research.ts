/**
 * Operator research use cases: importing a research file (all lines valid, then one atomic
 * revision) and keeping a running server's corpus at the store's latest revision.
 */
import type { Clock, IdGenerator } from '../../shared/ports.js';
import type { CorpusHolder } from '../operator-research/corpus-provider.js';
import { corpusRevision } from '../operator-research/corpus-provider.js';
import type { OperatorImport } from '../operator-research/operator-research.model.js';
import { validateOperatorLines, type LineError, type OperatorLine } from '../operator-research/operator-validation.js';
import type { OperatorResearchStore } from '../ports.js';
import type { DeliveryRequest } from '../research-orders/research-order.model.js';

/**
 * Brings a holder to the store's latest revision: a cheap revision read, and only when it moved,
 * a full read of the research and a new layer over the shipped corpus. Concurrent calls share
 * one refresh. The holder swaps its view in one assignment, so readers never see half an import.
 */
export class OperatorResearchSync {
  private running: Promise<boolean> | null = null;

  constructor(
    private readonly holder: CorpusHolder,
    private readonly store: OperatorResearchStore,
  ) {}

  /** True when a new revision was applied. */
  refresh(): Promise<boolean> {
    this.running ??= this.refreshOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async refreshOnce(): Promise<boolean> {
    const revision = await this.store.revision();
    if (revision === this.holder.operatorRevision) return false;
    const research = await this.store.load();
    if (research.revision === this.holder.operatorRevision) return false;
    this.holder.applyOperatorResearch(research);
    return true;
  }
}

export type ImportOutcome =
  | { applied: true; import: OperatorImport; corpus_revision: string }
  | { applied: false; errors: LineError[] };

export class ImportOperatorResearch {
  constructor(
    private readonly holder: CorpusHolder,
    private readonly store: OperatorResearchStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /**
   * Validates every line against the current corpus (shipped + research so far) and applies them
   * as one new revision, or applies nothing and returns every line's problem. A concurrent import
   * that lands first makes this one fail with CONFLICT (nothing applied): run it again.
   * With `dryRun`, nothing is applied either way (no errors: the file would apply). With
   * `deliver`, the import also moves that research order to `delivered`, in its transaction.
   */
  async execute(
    lines: readonly OperatorLine[],
    file: string,
    options: { dryRun?: boolean; deliver?: DeliveryRequest } = {},
  ): Promise<ImportOutcome> {
    await new OperatorResearchSync(this.holder, this.store).refresh();
    const research = await this.store.load();
    if (research.revision !== this.holder.operatorRevision) this.holder.applyOperatorResearch(research);
    const result = validateOperatorLines(lines, {
      index: this.holder.current().index,
      research,
      import_id: `imp_${this.ids.uuid().replace(/-/g, '').slice(-16)}`,
      file,
      now: this.clock.now(),
    });
    if (!result.ok) return { applied: false, errors: result.errors };
    if (options.dryRun) return { applied: false, errors: [] };
    const batch = result.batch;
    if (options.deliver) {
      // The order names the revision this import becomes; the store moves it in the same transaction.
      const corpus_revision = corpusRevision(this.holder.shipped.buildId, batch.expected_revision + 1);
      const { events, ...deliver } = options.deliver;
      const delivery = { ...deliver, import_id: batch.import.import_id, corpus_revision };
      batch.delivers = { ...delivery, events: events(delivery) };
    }
    const applied = await this.store.apply(batch);
    this.holder.applyOperatorResearch(await this.store.load());
    return { applied: true, import: applied, corpus_revision: corpusRevision(this.holder.shipped.buildId, applied.revision) };
  }
}
