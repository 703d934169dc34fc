import { describe, it } from 'vitest';
import { haveCorpora, sweepCorpus } from '../../../test/normalise-corpus.ts';

describe.skipIf(!haveCorpora)('normaliseEvidence over the unstructured corpus', () => {
  it('accepts every file as embeddable pages or refuses it with a reason', { timeout: 480_000 }, () =>
    sweepCorpus('unstructured'),
  );
});
