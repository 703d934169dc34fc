/**
 * `npm run licenses`: every production dependency (npm ls --omit=dev --all) with the licence its package.json
 * declares, classified by licenses-policy.ts; exits 1 when one is unknown or copyleft and not in
 * licenses-allowlist.json (each entry: package, license, reason). `--json` prints the rows as JSON.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AllowEntry, declaredLicence, judge, type LicenceClass } from './licenses-policy.ts';

interface LsNode {
  version?: string;
  path?: string;
  private?: boolean;
  dependencies?: Record<string, LsNode>;
}

const root = resolve(new URL('../../..', import.meta.url).pathname);
const tree = JSON.parse(
  execFileSync('npm', ['ls', '--omit=dev', '--all', '--json', '--long'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
) as LsNode;

const allowPath = join(root, 'licenses-allowlist.json');
const allow: AllowEntry[] = existsSync(allowPath) ? JSON.parse(readFileSync(allowPath, 'utf8')) : [];
for (const a of allow) {
  if (!a.reason?.trim()) throw new Error(`licenses-allowlist.json: ${a.package} has no reason`);
}

interface Row {
  name: string;
  version: string;
  licence: string;
  cls: LicenceClass;
  ok: boolean;
  reason?: string;
}
const rows = new Map<string, Row>();
const walk = (deps: Record<string, LsNode> | undefined) => {
  for (const [name, node] of Object.entries(deps ?? {})) {
    const id = `${name}@${node.version ?? '?'}`;
    if (rows.has(id) || !node.path) {
      walk(node.dependencies);
      continue;
    }
    const pkg = JSON.parse(readFileSync(join(node.path, 'package.json'), 'utf8'));
    // Our own workspaces are not dependencies.
    if (!(pkg.private && name.startsWith('@dossier/'))) {
      const licence = declaredLicence(pkg);
      const v = judge(name, licence, allow);
      rows.set(id, {
        name,
        version: node.version ?? '?',
        licence: licence || '(none)',
        ...v,
        reason: v.allowed?.reason,
      });
    }
    walk(node.dependencies);
  }
};
walk(tree.dependencies);

const sorted = [...rows.values()].sort(
  (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
);
if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(sorted, null, 2)}\n`);
} else {
  const w = Math.max(...sorted.map((r) => `${r.name}@${r.version}`.length));
  const l = Math.max(...sorted.map((r) => r.licence.length));
  for (const r of sorted) {
    const mark = r.ok ? (r.reason ? `allowed: ${r.reason}` : '') : 'NOT ALLOWED';
    process.stdout.write(
      `${`${r.name}@${r.version}`.padEnd(w)}  ${r.licence.padEnd(l)}  ${r.cls.padEnd(13)}  ${mark}\n`,
    );
  }
}
const count = (c: LicenceClass) => sorted.filter((r) => r.cls === c).length;
const failing = sorted.filter((r) => !r.ok);
process.stderr.write(
  `\n${sorted.length} production packages: ${count('permissive')} permissive, ${count('weak-copyleft')} weak copyleft, ${count('copyleft')} copyleft, ${count('unknown')} unknown; ${sorted.filter((r) => r.reason).length} allowlisted, ${failing.length} not allowed\n`,
);
for (const r of failing)
  process.stderr.write(`  not allowed: ${r.name}@${r.version} (${r.licence}, ${r.cls})\n`);
process.exitCode = failing.length ? 1 : 0;
