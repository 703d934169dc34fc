import { describe, expect, it } from 'vitest';
import { failOnFlaky, isCI } from '../ci.mjs';

describe('CI detection and the flaky rule (decisions 0059, 0096)', () => {
  it('reads CI=true and CI=1 as CI, anything else as a developer machine', () => {
    expect([isCI({ CI: 'true' }), isCI({ CI: 'TRUE ' }), isCI({ CI: '1' })]).toEqual([true, true, true]);
    expect([isCI({}), isCI({ CI: 'false' }), isCI({ CI: '0' }), isCI({ CI: 'yes' })]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('fails the run on a journey that passed only on its retry under CI, unless told otherwise', () => {
    expect(failOnFlaky(true, undefined)).toBe(true);
    expect(failOnFlaky(false, undefined)).toBe(false);
    expect(failOnFlaky(true, '0')).toBe(false);
    expect(failOnFlaky(false, '1')).toBe(true);
    // Any other value leaves the default: a typo must not turn the rule off under CI.
    expect(failOnFlaky(true, 'no')).toBe(true);
  });
});
