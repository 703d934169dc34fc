import { writeAxeSummary } from './axe-summary.ts';

export default function globalTeardown(): void {
  const summary = writeAxeSummary();
  if (summary) console.log(`\naxe totals per screen (test-results/axe-summary.md):\n${summary}`);
}
