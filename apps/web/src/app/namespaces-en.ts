import type { ResourceKey } from 'i18next';
import { bundledResources } from './namespaces.ts';

/**
 * Every English namespace, in one chunk: a screen other than the home page loads them all anyway (prepareScreen),
 * and one request is far cheaper than one per namespace behind the browser's six connections (decision 0093).
 * The boot namespaces stay in the entry; they are referenced here, not copied.
 */
const namespaces: Record<string, ResourceKey> =
  bundledResources(
    import.meta.glob<ResourceKey>('../../../../packages/i18n/locales/en/*.json', {
      import: 'default',
      eager: true,
    }),
  ).en ?? {};

export default namespaces;
