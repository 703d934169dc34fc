/**
 * Which licences a production dependency may carry (`npm run licenses`, issue 17 item 8). Dossier is run as a
 * service and shipped as an image, so a dependency must not impose its licence on our code: permissive licences
 * pass, file-level (weak) copyleft passes (we ship such packages unmodified), strong or network copyleft and
 * anything unrecognised fail unless the allowlist names the package with a reason.
 */
export type LicenceClass = 'permissive' | 'weak-copyleft' | 'copyleft' | 'unknown';

const PERMISSIVE = new Set(
  [
    '0BSD',
    'Apache-2.0',
    'BlueOak-1.0.0',
    'BSD-2-Clause',
    'BSD-3-Clause',
    'BSD-3-Clause-Clear',
    'CC-BY-3.0',
    'CC-BY-4.0',
    'CC0-1.0',
    'ISC',
    'MIT',
    'MIT-0',
    'OFL-1.1',
    'Python-2.0',
    'Unicode-3.0',
    'Unicode-DFS-2016',
    'Unlicense',
    'W3C',
    'WTFPL',
    'X11',
    'Zlib',
  ].map((l) => l.toLowerCase()),
);
const WEAK_COPYLEFT = /^(LGPL-[23]\.[01]|MPL-[12]\.[01]|EPL-[12]\.0|CDDL-1\.[01])(-only|-or-later|\+)?$/i;
const COPYLEFT =
  /^(A?GPL-[123]\.0|SSPL-1\.0|EUPL-1\.[12]|OSL-3\.0|CPAL-1\.0|CC-BY-(NC|SA|ND)[\w.-]*)(-only|-or-later|\+)?$/i;

const RANK: Record<LicenceClass, number> = { permissive: 0, 'weak-copyleft': 1, copyleft: 2, unknown: 3 };
const worst = (a: LicenceClass, b: LicenceClass) => (RANK[a] >= RANK[b] ? a : b);
const best = (a: LicenceClass, b: LicenceClass) => (RANK[a] <= RANK[b] ? a : b);

/** One SPDX identifier (a `WITH` exception keeps the base licence's class). */
function classifyId(id: string): LicenceClass {
  const base = id.replace(/\s+WITH\s+.*$/i, '').trim();
  if (PERMISSIVE.has(base.toLowerCase())) return 'permissive';
  if (WEAK_COPYLEFT.test(base)) return 'weak-copyleft';
  if (COPYLEFT.test(base)) return 'copyleft';
  return 'unknown';
}

/**
 * An SPDX expression: `OR` lets us choose the most permissive alternative, `AND` imposes all of them (the
 * strictest wins), parentheses group. Anything else (`SEE LICENSE IN …`, `UNLICENSED`, empty) is unknown.
 */
export function classifyExpression(expr: string): LicenceClass {
  const tokens = expr.match(/\(|\)|[^\s()]+(?:\s+WITH\s+[^\s()]+)?/gi) ?? [];
  let i = 0;
  const primary = (): LicenceClass => {
    const t = tokens[i++];
    if (t === undefined) return 'unknown';
    if (t === '(') {
      const inner = or();
      if (tokens[i++] !== ')') return 'unknown';
      return inner;
    }
    return /^(AND|OR)$/i.test(t) || t === ')' ? 'unknown' : classifyId(t);
  };
  const and = (): LicenceClass => {
    let c = primary();
    while (/^AND$/i.test(tokens[i] ?? '')) {
      i++;
      c = worst(c, primary());
    }
    return c;
  };
  const or = (): LicenceClass => {
    let c = and();
    while (/^OR$/i.test(tokens[i] ?? '')) {
      i++;
      c = best(c, and());
    }
    return c;
  };
  if (tokens.length === 0) return 'unknown';
  const c = or();
  return i === tokens.length ? c : 'unknown';
}

/** The licence a package.json declares: `license` (SPDX string or the legacy `{ type }`), or legacy `licenses`. */
export function declaredLicence(pkg: { license?: unknown; licenses?: unknown }): string {
  const typeOf = (l: unknown) =>
    typeof l === 'string' ? l : l && typeof l === 'object' && 'type' in l ? String(l.type) : '';
  if (pkg.license !== undefined) return typeOf(pkg.license);
  if (Array.isArray(pkg.licenses)) {
    const types = pkg.licenses.map(typeOf).filter(Boolean);
    // Several legacy entries mean the package is offered under each: a choice.
    return types.length > 1 ? `(${types.join(' OR ')})` : (types[0] ?? '');
  }
  return '';
}

export interface AllowEntry {
  package: string;
  /** The licence the exception was written for; a package that changes licence must be looked at again. */
  license: string;
  reason: string;
}

export interface Verdict {
  cls: LicenceClass;
  ok: boolean;
  /** The allowlist entry that let a failing class pass. */
  allowed?: AllowEntry;
}

export function judge(name: string, licence: string, allow: AllowEntry[]): Verdict {
  const cls = classifyExpression(licence);
  if (cls === 'permissive' || cls === 'weak-copyleft') return { cls, ok: true };
  const allowed = allow.find(
    (a) => a.package === name && a.license === licence && a.reason.trim().length > 0,
  );
  return allowed ? { cls, ok: true, allowed } : { cls, ok: false };
}
