// A vitest reporter for `npm test` (scripts/test.mjs): vitest's own JSON report, written once per project
// (`<dir>/vitest-<project>.json`) instead of once for the run. scripts/test.mjs runs the three projects in one
// vitest run (decision 0095) and still counts, names skips and names failures per project: the JSON report has
// no project field, and the two server projects run the same files.
import { join } from 'node:path';
import { JsonReporter } from 'vitest/reporters';

export default class JsonPerProject {
  /** The directory the reports go to: VITEST_JSON_DIR (a reporter named on vitest's command line gets no options). */
  dir = process.env.VITEST_JSON_DIR ?? '.';

  /** @param {import('vitest/node').Vitest} ctx */
  onInit(ctx) {
    this.ctx = ctx;
    this.start = Date.now();
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} modules */
  async onTestRunEnd(modules) {
    const byProject = new Map();
    for (const m of modules) {
      const name = m.project.name;
      if (!byProject.has(name)) byProject.set(name, []);
      byProject.get(name).push(m);
    }
    for (const [name, list] of byProject) {
      const json = new JsonReporter({ outputFile: join(this.dir, `vitest-${name}.json`) });
      json.onInit(this.ctx);
      // The run's start (a file whose tests all skipped is dated by it), not this moment at its end.
      json.start = this.start;
      await json.onTestRunEnd(list);
    }
  }
}
