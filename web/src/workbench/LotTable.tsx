import { useMessages, useNumberFormat } from '../i18n/i18n';
import { Badge, TableHead } from '../ui/controls';
import { reasonLabel, VERDICT_TONE, verdictLabel } from './labels';
import type { Lot } from './lots';
import { MESSAGES } from './messages';

/** A URL a citation may link to: only http(s) (a source_ref is data, never a script URL). */
const linkable = (ref: string): boolean => /^https?:\/\//i.test(ref);

export function LotTable({
  lots,
  selectable,
  selected,
  onSelect,
  onPin,
}: {
  lots: Lot[];
  selectable: boolean;
  selected: Set<number>;
  onSelect: (row: number, on: boolean) => void;
  onPin: (lot: Lot, ref: string) => void;
}) {
  const m = useMessages(MESSAGES);
  const num = useNumberFormat();
  return (
    <div class="table-wrap">
      <table class="lots">
        <TableHead columns={[...(selectable ? [m.thSelect] : []), m.thLot, m.thVerdict, m.thArtist, m.thReading, m.thCitations, m.thPillars, m.thRequalification, m.thNearMatches]} />
        <tbody>
          {lots.map((lot) => {
            const v = lot.verification;
            const name = lot.lot ?? String(lot.row);
            return (
              <tr key={lot.row} data-row={lot.row} data-request-id={v?.request_id}>
                {selectable ? (
                  <td data-label={m.thSelect}>
                    {v?.verdict === 'unavailable' ? (
                      <input type="checkbox" aria-label={m.selectLot(name)} checked={selected.has(lot.row)} onChange={(e) => onSelect(lot.row, e.currentTarget.checked)} />
                    ) : null}
                  </td>
                ) : null}
                <th scope="row">{name}</th>
                <td data-label={m.thVerdict}>
                  <Badge tone={VERDICT_TONE[v?.verdict ?? 'error']}>{verdictLabel(m, v?.verdict ?? 'error')}</Badge>
                  {v?.reason ? <div class="muted">{reasonLabel(m, v.reason)}</div> : null}
                  {lot.error ? <div class="muted">{lot.error.detail}</div> : null}
                  {lot.input.subject_ref ? <div class="muted">{m.pinned(lot.input.subject_ref)}</div> : null}
                </td>
                <td data-label={m.thArtist}>{v ? (v.matched_artist?.name ?? <span class="muted">{m.noArtist}</span>) : null}</td>
                <td data-label={m.thReading}>
                  <div>
                    {lot.input.subject_artist} — <i>{lot.input.subject_title}</i>
                  </div>
                  {v ? (
                    <div class="muted">
                      {v.parsed.name}
                      {v.parsed.qualifier ? ` · ${m.qualifier}: ${v.parsed.qualifier}` : ''}
                      {v.parsed.dates ? ` · ${m.dates}: ${v.parsed.dates.text}` : ''}
                      {' · '}
                      <i>{v.parsed.title}</i>
                      {v.parsed.title_read_as ? ` (${m.readAs} “${v.parsed.title_read_as}”)` : ''}
                    </div>
                  ) : null}
                </td>
                <td data-label={m.thCitations}>
                  {v && v.attestations.length > 0 ? (
                    <ul class="citations">
                      {v.attestations.map((a, i) => (
                        <li key={i}>
                          {linkable(a.source_ref) ? (
                            <a href={a.source_ref} rel="noopener noreferrer" target="_blank">
                              {a.verified_by}
                            </a>
                          ) : (
                            <span>
                              {a.verified_by} <code>{a.source_ref}</code>
                            </span>
                          )}{' '}
                          <span class="muted">
                            {a.pillar}, {m.confidence} {num(a.confidence, { maximumFractionDigits: 2 })}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td data-label={m.thPillars}>
                  {v?.verified_pillars.map((p) => (
                    <Badge key={p} tone="good">
                      {p}
                    </Badge>
                  ))}{' '}
                  {v?.contradicted_pillars.map((p) => (
                    <Badge key={p} tone="bad">
                      {p}
                    </Badge>
                  ))}
                </td>
                <td data-label={m.thRequalification}>
                  {v?.suggested_requalification ? (
                    <div>
                      <div lang="fr">{v.suggested_requalification.term_fr}</div>
                      <div lang="en" class="muted">
                        {v.suggested_requalification.term_en}
                      </div>
                    </div>
                  ) : null}
                </td>
                <td data-label={m.thNearMatches}>
                  {v && v.near_matches.length > 0 ? (
                    <ul>
                      {v.near_matches.map((n) => (
                        <li key={n.work_id} data-work-id={n.work_id}>
                          {n.artist}: <i>{n.title}</i> <code class="muted">{n.work_id}</code>{' '}
                          <button type="button" class="secondary small" onClick={() => onPin(lot, n.work_id)} aria-label={`${m.pin}: ${n.artist}, ${n.title}`}>
                            {m.pin}
                          </button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
