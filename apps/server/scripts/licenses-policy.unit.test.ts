import { describe, expect, it } from 'vitest';
import { classifyExpression, declaredLicence, judge } from './licenses-policy.ts';

describe('licence policy (npm run licenses)', () => {
  it('classifies single SPDX identifiers', () => {
    for (const id of ['MIT', 'ISC', 'Apache-2.0', 'BSD-3-Clause', 'BlueOak-1.0.0', '0BSD', 'mit']) {
      expect(classifyExpression(id), id).toBe('permissive');
    }
    for (const id of ['LGPL-3.0-or-later', 'LGPL-2.1', 'MPL-2.0', 'EPL-2.0']) {
      expect(classifyExpression(id), id).toBe('weak-copyleft');
    }
    for (const id of ['GPL-3.0-only', 'GPL-2.0+', 'AGPL-3.0', 'SSPL-1.0', 'CC-BY-NC-4.0', 'CC-BY-SA-4.0']) {
      expect(classifyExpression(id), id).toBe('copyleft');
    }
    for (const id of ['', 'UNLICENSED', 'SEE LICENSE IN LICENSE.md', 'Custom', 'BSD']) {
      expect(classifyExpression(id), id).toBe('unknown');
    }
  });

  it('reads OR as a choice, AND as all of them, parentheses and WITH exceptions', () => {
    expect(classifyExpression('(MIT OR GPL-3.0)')).toBe('permissive');
    expect(classifyExpression('(GPL-3.0 OR MPL-2.0)')).toBe('weak-copyleft');
    expect(classifyExpression('MIT AND GPL-3.0')).toBe('copyleft');
    expect(classifyExpression('(MIT AND Zlib)')).toBe('permissive');
    expect(classifyExpression('MIT AND (GPL-2.0 OR Apache-2.0)')).toBe('permissive');
    expect(classifyExpression('GPL-2.0-only WITH Classpath-exception-2.0')).toBe('copyleft');
    expect(classifyExpression('Apache-2.0 WITH LLVM-exception')).toBe('permissive');
    expect(classifyExpression('(MIT OR')).toBe('unknown');
    expect(classifyExpression('MIT Apache-2.0')).toBe('unknown');
  });

  it('reads the licence a package.json declares, including the legacy forms', () => {
    expect(declaredLicence({ license: 'MIT' })).toBe('MIT');
    expect(declaredLicence({ license: { type: 'ISC' } })).toBe('ISC');
    expect(declaredLicence({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe(
      '(MIT OR Apache-2.0)',
    );
    expect(declaredLicence({})).toBe('');
  });

  it('fails unknown and copyleft licences unless allowlisted with a reason for that licence', () => {
    expect(judge('a', 'MIT', []).ok).toBe(true);
    expect(judge('a', 'LGPL-3.0', []).ok).toBe(true);
    expect(judge('a', 'GPL-3.0', [])).toEqual({ cls: 'copyleft', ok: false });
    expect(judge('a', '', []).ok).toBe(false);
    const allow = [{ package: 'a', license: '', reason: 'Readme says MIT' }];
    expect(judge('a', '', allow)).toMatchObject({ ok: true, allowed: allow[0] });
    // Another package, another licence than the one reviewed, or no reason: still refused.
    expect(judge('b', '', allow).ok).toBe(false);
    expect(judge('a', 'GPL-3.0', allow).ok).toBe(false);
    expect(judge('a', '', [{ package: 'a', license: '', reason: ' ' }]).ok).toBe(false);
  });
});
