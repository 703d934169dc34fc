import {
  ROOT_FONT_BASE_PX,
  ROOT_FONT_MAX_PX,
  ROOT_FONT_MIN_PX,
  ROOT_FONT_REFERENCE_WIDTH,
} from '@dossier/contract';

// The router matches paths case-insensitively, so the layout rules do too.
const WORKBENCH_PATH = /^\/(eb-1a|niw)(\/|$)/i;
const NARROW_PATH = /^\/(login|estimate|hkestimate)\/?$/i;

/** Reference viewport width for a route (spec §9): the workbenches and the narrow forms are designed smaller. */
export function referenceWidthFor(pathname: string): number {
  if (WORKBENCH_PATH.test(pathname)) return ROOT_FONT_REFERENCE_WIDTH.workbench;
  if (NARROW_PATH.test(pathname)) return ROOT_FONT_REFERENCE_WIDTH.narrow;
  return ROOT_FONT_REFERENCE_WIDTH.default;
}

/**
 * Root font size in px: scales with the viewport against the route's reference width, clamped so text stays
 * readable on small screens and does not balloon on large ones. Rounded to 1/100 px to keep the style stable.
 */
export function rootFontSizePx(viewportWidth: number, pathname: string): number {
  if (!Number.isFinite(viewportWidth) || viewportWidth <= 0) return ROOT_FONT_MAX_PX;
  const scaled = (ROOT_FONT_BASE_PX * viewportWidth) / referenceWidthFor(pathname);
  const clamped = Math.min(ROOT_FONT_MAX_PX, Math.max(ROOT_FONT_MIN_PX, scaled));
  return Math.round(clamped * 100) / 100;
}
