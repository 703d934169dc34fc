import { clearAxeResults } from './axe-summary.ts';

export default function globalSetup(): void {
  clearAxeResults();
}
