import { describe, expect, it } from 'vitest';
import { evaluateCondition, isUnitedStates } from '../src/index.ts';

describe('evaluateCondition', () => {
  const values = {
    'p4.6a': 'yes',
    'p5.1': 'self',
    'p3.2i': 'United States',
    'p4.6b_i485': true,
    empty: '  ',
  };

  it('compares equals / notEquals / in', () => {
    expect(evaluateCondition({ item: 'p4.6a', equals: 'yes' }, values)).toBe(true);
    expect(evaluateCondition({ item: 'p4.6a', equals: 'no' }, values)).toBe(false);
    expect(evaluateCondition({ item: 'p4.6a', notEquals: 'no' }, values)).toBe(true);
    expect(evaluateCondition({ item: 'p5.1', in: ['self', 'other'] }, values)).toBe(true);
    expect(evaluateCondition({ item: 'p5.1', in: ['employer'] }, values)).toBe(false);
  });

  it('treats booleans and missing items', () => {
    expect(evaluateCondition({ item: 'p4.6b_i485', equals: true }, values)).toBe(true);
    expect(evaluateCondition({ item: 'p4.6b_i131', equals: false }, values)).toBe(true);
    expect(evaluateCondition({ item: 'missing', equals: 'yes' }, values)).toBe(false);
  });

  it('tests filled (blank strings are empty)', () => {
    expect(evaluateCondition({ item: 'p5.1', filled: true }, values)).toBe(true);
    expect(evaluateCondition({ item: 'empty', filled: true }, values)).toBe(false);
    expect(evaluateCondition({ item: 'missing', filled: false }, values)).toBe(true);
  });

  it('tests a country item for the United States', () => {
    expect(evaluateCondition({ item: 'p3.2i', isUS: true }, values)).toBe(true);
    expect(evaluateCondition({ item: 'p3.2i', isUS: true }, { 'p3.2i': 'China' })).toBe(false);
    expect(evaluateCondition({ item: 'p3.2i', isUS: false }, { 'p3.2i': 'China' })).toBe(true);
    expect(evaluateCondition({ item: 'p3.2i', isUS: false }, {})).toBe(false);
    for (const c of ['USA', 'U.S.A.', 'united states of america', '美国'])
      expect(isUnitedStates(c)).toBe(true);
    for (const c of ['China', '中国', 'United Kingdom', '']) expect(isUnitedStates(c)).toBe(false);
  });

  it('combines with all / any / not', () => {
    const yes = { item: 'p4.6a', equals: 'yes' } as const;
    const employer = { item: 'p5.1', equals: 'employer' } as const;
    expect(evaluateCondition({ all: [yes, { not: employer }] }, values)).toBe(true);
    expect(evaluateCondition({ all: [yes, employer] }, values)).toBe(false);
    expect(evaluateCondition({ any: [employer, yes] }, values)).toBe(true);
    expect(evaluateCondition({ any: [] }, values)).toBe(false);
    expect(evaluateCondition({ all: [] }, values)).toBe(true);
  });
});
