/** The engine's identity, on every answer and coverage manifest (below every sub-folder of the oracle). */
export const ENGINE_ID = 'records-attestation/v1';
