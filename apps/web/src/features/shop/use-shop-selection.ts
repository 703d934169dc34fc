import type { ProjectCode, ServiceCode, TProduct } from '@dossier/contract';
import { useCallback, useMemo, useState } from 'react';
import {
  addService,
  inCatalogueOrder,
  NO_SERVICES,
  orderChoices,
  type Selection,
  setChecked,
} from './shop-selection.ts';

/**
 * The shop's selection for the project on screen (rules in shop-selection.ts): a selection belongs to one
 * project, so choosing another project shows that project's own (empty at first).
 */
export function useShopSelection(project: ProjectCode | undefined, products: readonly TProduct[]) {
  const [state, setState] = useState<{ project: ProjectCode | undefined; services: Selection }>({
    project: undefined,
    services: NO_SERVICES,
  });
  const services = state.project === project ? state.services : NO_SERVICES;

  const update = useCallback(
    (next: (current: Selection) => Selection) =>
      setState((s) => ({ project, services: next(s.project === project ? s.services : NO_SERVICES) })),
    [project],
  );

  const view = useMemo(() => orderChoices(products, services), [products, services]);
  const add = useCallback(
    (service: ServiceCode, withBase = false) => update((s) => addService(s, service, withBase)),
    [update],
  );
  const check = useCallback(
    (service: ServiceCode, checked: boolean) => update((s) => setChecked(s, service, checked)),
    [update],
  );
  const replace = useCallback((next: ServiceCode[]) => update(() => inCatalogueOrder(next)), [update]);
  const clear = useCallback(() => update(() => NO_SERVICES), [update]);

  return { services, ...view, add, check, replace, clear };
}

export type ShopSelection = ReturnType<typeof useShopSelection>;
