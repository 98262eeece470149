import { QUOTE_ID_PATTERN } from '@rampquote/contracts';
import { newQuoteId } from './ids';

describe('quote IDs', () => {
  it('are RQ- and 6 characters without 0, O, 1, I or L, and rarely repeat', () => {
    const ids = Array.from({ length: 2000 }, newQuoteId);
    for (const id of ids) {
      expect(id).toMatch(QUOTE_ID_PATTERN);
      expect(id.slice(3)).not.toMatch(/[01OIL]/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
