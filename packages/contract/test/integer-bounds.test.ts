/**
 * Every integer of the contract has both bounds (issue 27 item 6): zod's `.int()` alone accepts any safe integer,
 * and a `version` of 2³¹ reached an int32 column as a 500. This walks every exported schema (through objects,
 * arrays, unions, records, optional/nullable/default, pipes and lazy schemas) and names each integer without an
 * explicit minimum and maximum, so a new unbounded one fails here. The bounded field schemas to use are in
 * common.ts: ZIdValue / ZIdParam, ZVersion, ZCountValue, ZSafeCount, ZMinorAmount, ZMinorValue.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../src/index.ts';

type Def = { type: string; [key: string]: unknown };
type Schema = { _zod: { def: Def } };
const isSchema = (v: unknown): v is Schema =>
  typeof v === 'object' && v !== null && '_zod' in v && typeof (v as Schema)._zod?.def?.type === 'string';

/** The checks' kinds of a number schema (zod 4: `greater_than` for min/positive, `less_than` for max). */
const checksOf = (def: Def): string[] =>
  ((def.checks as Schema[] | undefined) ?? []).map((c) => String((c._zod.def as { check?: string }).check));

/** Paths (from `name`) of the integers under `root` that lack a minimum or a maximum. */
function unboundedIntegers(root: unknown, name: string, seen = new Set<unknown>()): string[] {
  const out: string[] = [];
  const walk = (s: unknown, path: string): void => {
    if (!isSchema(s) || seen.has(s)) return;
    seen.add(s);
    const def = s._zod.def;
    const inner = (key: string, suffix = ''): void => walk(def[key], `${path}${suffix}`);
    switch (def.type) {
      case 'number':
      case 'bigint': {
        const checks = checksOf(def);
        const integer = def.type === 'bigint' || def.format !== undefined || checks.includes('number_format');
        if (integer && !(checks.includes('greater_than') && checks.includes('less_than'))) out.push(path);
        return;
      }
      case 'object':
        for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${path}.${k}`);
        if (def.catchall) inner('catchall', '.*');
        return;
      case 'array':
        inner('element', '[]');
        return;
      case 'set':
        inner('valueType', '[]');
        return;
      case 'tuple':
        for (const [i, v] of (def.items as unknown[]).entries()) walk(v, `${path}[${i}]`);
        if (def.rest) inner('rest', '[…]');
        return;
      case 'record':
      case 'map':
        inner('keyType', '{key}');
        inner('valueType', '{}');
        return;
      case 'union':
        for (const [i, v] of (def.options as unknown[]).entries()) walk(v, `${path}|${i}`);
        return;
      case 'intersection':
        inner('left');
        inner('right');
        return;
      case 'pipe':
        inner('in');
        inner('out');
        return;
      case 'lazy':
        walk((def.getter as () => unknown)(), path);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
      case 'promise':
        inner('innerType');
        return;
      default:
        return;
    }
  };
  walk(root, name);
  return out;
}

describe('integer bounds', () => {
  it('finds an unbounded integer wherever it is nested, and passes bounded ones', () => {
    const bounded = z.number().int().min(0).max(10);
    const lazy: z.ZodType = z.lazy(() => z.object({ depth: z.number().int(), next: lazy.optional() }));
    const probe = z.object({
      ok: bounded,
      plain: z.number().int(),
      onlyMin: z.number().int().min(0),
      onlyMax: z.number().int().max(5),
      positive: z.number().int().positive(),
      format: z.int(),
      coerced: z.coerce.number().int().max(3),
      list: z.array(z.object({ n: z.number().int().nullable().optional() })),
      either: z.union([z.string(), z.number().int().default(1)]),
      map: z.record(z.string(), z.number().int()),
      piped: z.unknown().pipe(z.coerce.number().int()),
      lazy,
      float: z.number(),
    });
    expect(unboundedIntegers(probe, 'probe').sort()).toEqual(
      [
        'probe.coerced',
        'probe.either|1',
        'probe.format',
        'probe.lazy.depth',
        'probe.list[].n',
        'probe.map{}',
        'probe.onlyMax',
        'probe.onlyMin',
        'probe.piped',
        'probe.plain',
        'probe.positive',
      ].sort(),
    );
  });

  it('every integer of every exported contract schema has a minimum and a maximum', () => {
    const seen = new Set<unknown>();
    const exported = Object.entries(contract).filter(([, v]) => isSchema(v));
    expect(exported.length).toBeGreaterThan(100);
    const unbounded = exported.flatMap(([name, v]) => unboundedIntegers(v, name, seen));
    expect(unbounded).toEqual([]);
  });
});
