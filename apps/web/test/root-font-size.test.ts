import { ROOT_FONT_MAX_PX, ROOT_FONT_MIN_PX, ROOT_FONT_REFERENCE_WIDTH } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import { referenceWidthFor, rootFontSizePx } from '../src/app/root-font-size.ts';

describe('referenceWidthFor', () => {
  it.each([
    ['/index/firstTerm', ROOT_FONT_REFERENCE_WIDTH.default],
    ['/payService', ROOT_FONT_REFERENCE_WIDTH.default],
    ['/personalCenter/myPlan', ROOT_FONT_REFERENCE_WIDTH.default],
    ['/EB-1A', ROOT_FONT_REFERENCE_WIDTH.workbench],
    ['/EB-1A/evidence', ROOT_FONT_REFERENCE_WIDTH.workbench],
    ['/NIW', ROOT_FONT_REFERENCE_WIDTH.workbench],
    ['/NIW/readMe', ROOT_FONT_REFERENCE_WIDTH.workbench],
    ['/niw/', ROOT_FONT_REFERENCE_WIDTH.workbench],
    ['/login', ROOT_FONT_REFERENCE_WIDTH.narrow],
    ['/estimate', ROOT_FONT_REFERENCE_WIDTH.narrow],
    ['/HKestimate', ROOT_FONT_REFERENCE_WIDTH.narrow],
    ['/login/', ROOT_FONT_REFERENCE_WIDTH.narrow],
  ])('%s → %i', (path, width) => {
    expect(referenceWidthFor(path)).toBe(width);
  });

  it('does not treat look-alike paths as workbench or narrow screens', () => {
    expect(referenceWidthFor('/EB-1Ab')).toBe(ROOT_FONT_REFERENCE_WIDTH.default);
    expect(referenceWidthFor('/NIWx/form')).toBe(ROOT_FONT_REFERENCE_WIDTH.default);
    expect(referenceWidthFor('/index/diyNIW')).toBe(ROOT_FONT_REFERENCE_WIDTH.default);
    expect(referenceWidthFor('/loginx')).toBe(ROOT_FONT_REFERENCE_WIDTH.default);
    expect(referenceWidthFor('/estimate/extra')).toBe(ROOT_FONT_REFERENCE_WIDTH.default);
  });
});

describe('rootFontSizePx', () => {
  it('is 16px at the reference width of each kind of route', () => {
    expect(rootFontSizePx(1920, '/index/firstTerm')).toBe(16);
    expect(rootFontSizePx(1600, '/EB-1A')).toBe(16);
    expect(rootFontSizePx(1200, '/login')).toBe(16);
  });

  it('scales linearly between the bounds', () => {
    expect(rootFontSizePx(1680, '/index/firstTerm')).toBe(14);
    expect(rootFontSizePx(1400, '/NIW/form')).toBe(14);
    expect(rootFontSizePx(1050, '/estimate')).toBe(14);
    expect(rootFontSizePx(1700, '/index/firstTerm')).toBeCloseTo(14.17, 2);
  });

  it('clamps to the minimum on small screens', () => {
    expect(rootFontSizePx(1280, '/index/firstTerm')).toBe(ROOT_FONT_MIN_PX);
    expect(rootFontSizePx(375, '/EB-1A')).toBe(ROOT_FONT_MIN_PX);
    expect(rootFontSizePx(1, '/login')).toBe(ROOT_FONT_MIN_PX);
  });

  it('clamps to the maximum on large screens', () => {
    expect(rootFontSizePx(2560, '/index/firstTerm')).toBe(ROOT_FONT_MAX_PX);
    expect(rootFontSizePx(3840, '/EB-1A')).toBe(ROOT_FONT_MAX_PX);
  });

  it('gives different sizes for the same viewport on different routes', () => {
    expect(rootFontSizePx(1440, '/index/firstTerm')).toBe(12);
    expect(rootFontSizePx(1440, '/EB-1A')).toBe(14.4);
    expect(rootFontSizePx(1440, '/login')).toBe(16);
  });

  it('falls back to the maximum for a viewport width it cannot use', () => {
    expect(rootFontSizePx(0, '/')).toBe(ROOT_FONT_MAX_PX);
    expect(rootFontSizePx(Number.NaN, '/')).toBe(ROOT_FONT_MAX_PX);
  });
});
