import { describe, expect, it } from 'vitest';
import {
  playwrightFailures,
  playwrightFlaky,
  playwrightSkips,
  unexpectedSkips,
  vitestFailures,
  vitestSkips,
} from '../skips.mjs';

/** The shapes below are cut from real reports: vitest 4 `--reporter=json`, Playwright's `json` reporter. */
const vitestReport = {
  testResults: [
    {
      name: '/repo/apps/server/test/redis.test.ts',
      assertionResults: [
        { ancestorTitles: ['redis limits'], title: 'shares a limit', status: 'passed' },
        { ancestorTitles: ['redis limits'], title: 'survives a restart', status: 'pending' },
        { ancestorTitles: [], title: 'later', status: 'todo' },
      ],
    },
    {
      name: '/repo/apps/server/test/ok.test.ts',
      assertionResults: [
        {
          ancestorTitles: [],
          title: 'a',
          status: 'failed',
          failureMessages: ['AssertionError: expected 1 to be 2\n    at ok.test.ts:3:7'],
        },
      ],
    },
  ],
};

const playwrightReport = {
  suites: [
    {
      title: 'workbench-forms.spec.ts',
      file: 'workbench-forms.spec.ts',
      specs: [],
      suites: [
        {
          title: 'workbench forms (zh)',
          file: 'workbench-forms.spec.ts',
          specs: [
            {
              title: 'at the desktop size',
              file: 'workbench-forms.spec.ts',
              tests: [
                { projectName: 'chromium', expectedStatus: 'passed', status: 'expected' },
                { projectName: 'mobile', expectedStatus: 'skipped', status: 'skipped' },
              ],
            },
            {
              title: 'flaky one',
              file: 'workbench-forms.spec.ts',
              tests: [{ projectName: 'mobile', expectedStatus: 'passed', status: 'flaky' }],
            },
            {
              title: 'broken one',
              file: 'workbench-forms.spec.ts',
              tests: [
                { projectName: 'chromium', expectedStatus: 'passed', status: 'unexpected' },
                { projectName: 'mobile', expectedStatus: 'passed', status: 'expected' },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('skipped tests under CI', () => {
  it('names vitest skips by part, file and titles (pending and todo), not passed or failed tests', () => {
    expect(vitestSkips(vitestReport, 'vitest server-pglite', '/repo')).toEqual([
      'vitest server-pglite › apps/server/test/redis.test.ts › redis limits › survives a restart',
      'vitest server-pglite › apps/server/test/redis.test.ts › later',
    ]);
  });

  it('names Playwright skips per project, under their describe', () => {
    expect(playwrightSkips(playwrightReport)).toEqual([
      'e2e [mobile] › workbench-forms.spec.ts › workbench forms (zh) › at the desktop size',
    ]);
  });

  it('a skip the allowlist does not name is unexpected; an allowed one is not', () => {
    const found = [
      ...vitestSkips(vitestReport, 'vitest server-pglite', '/repo'),
      ...playwrightSkips(playwrightReport),
    ];
    const allowed = [
      { test: 'vitest server-pglite › apps/server/test/redis.test.ts › later', why: 'todo' },
      {
        test: 'e2e [mobile] › workbench-forms.spec.ts › workbench forms (zh) › at the desktop size',
        why: 'size',
      },
    ];
    expect(unexpectedSkips(found, allowed)).toEqual([
      'vitest server-pglite › apps/server/test/redis.test.ts › redis limits › survives a restart',
    ]);
    expect(unexpectedSkips(found, [])).toHaveLength(3);
  });

  it('an entry naming a describe block allows every test under it, and only whole segments', () => {
    const found = vitestSkips(vitestReport, 'vitest server-pglite', '/repo');
    const block = {
      test: 'vitest server-pglite › apps/server/test/redis.test.ts › redis limits',
      why: 'Redis',
    };
    expect(unexpectedSkips(found, [block])).toEqual([
      'vitest server-pglite › apps/server/test/redis.test.ts › later',
    ]);
    const partial = { test: 'vitest server-pglite › apps/server/test/redis.test.ts › redis lim', why: 'no' };
    expect(unexpectedSkips(found, [partial])).toHaveLength(2);
  });

  it('names failed tests with the first line of their failure (vitest) and per project (Playwright), not flaky ones', () => {
    expect(vitestFailures(vitestReport, 'vitest unit', '/repo')).toEqual([
      'vitest unit › apps/server/test/ok.test.ts › a: AssertionError: expected 1 to be 2',
    ]);
    expect(playwrightFailures(playwrightReport)).toEqual([
      'e2e [chromium] › workbench-forms.spec.ts › workbench forms (zh) › broken one',
    ]);
  });

  it('names the journeys that passed only on their retry, for the failed list under CI', () => {
    expect(playwrightFlaky(playwrightReport)).toEqual([
      'e2e [mobile] › workbench-forms.spec.ts › workbench forms (zh) › flaky one (flaky)',
    ]);
  });
});
