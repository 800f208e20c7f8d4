import { describe, expect, it } from 'vitest';
import { DISCLAIMER } from '../../../core/attestation/verdict/disclaimer.js';

describe('DISCLAIMER', () => {
  it('states the limits of a records-based answer', () => {
    for (const phrase of ['Records-based', 'not an authentication', 'not legal advice', 'import:kb', 'Wikidata', 'CC0', 'rank lower', 'No image', 'Prices', 'sanctions', '81-255']) {
      expect(DISCLAIMER).toContain(phrase);
    }
  });
});
