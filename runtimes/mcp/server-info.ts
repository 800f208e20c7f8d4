import { RELEASE_VERSION } from '../shared/settings/release.js';

/** Identity and guidance the server announces (initialize, server/discover, result `_meta`). */
export interface ServerIdentity {
  name: string;
  title: string;
  version: string;
}

export const SERVER_INFO: ServerIdentity = {
  name: 'svc-verify',
  title: 'Art-record attestation oracle',
  version: RELEASE_VERSION,
};

export const SERVER_INSTRUCTIONS =
  'Attestation oracle for attributions of works by historical (public-domain) masters. ' +
  'Call verify_coverage with {artist} (or {prefix}) to learn whether an artist is covered, then verify_art_records with subject_artist and ' +
  'subject_title for a covered artist. Branch on the verdict: attested (quote the cited attestations with their ' +
  'source_ref), contradicted (flag the attribution and use the suggested requalification, documentary assistance only), ' +
  'unavailable (the records say nothing: show as is, escalate to research). A near match is never a verdict. ' +
  'Keep each request_id as the audit trace.';
