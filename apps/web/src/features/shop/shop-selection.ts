import type { ServiceCode, TProduct } from '@dossier/contract';
import { BASE_SERVICE, SERVICE_CODES } from '@dossier/contract';

/**
 * The shop's selection as pure rules (spec §1 Offer, §5 Purchase, §6 roles): no React, unit-tested in node
 * (apps/web/test/shop-selection.test.ts); features/shop/use-shop-selection.ts holds it in a screen.
 *
 * A selection is a set of services of one project, kept in catalogue order (the base first). Every press adds
 * to it; only an unticked box, Clear or another project takes a service out (decision 0054). Whether the set
 * may be bought is the server's answer (the quote): an add-on alone without the base owned is refused there
 * with its own message, and the screen shows that message rather than guessing.
 */

export type Selection = readonly ServiceCode[];

export const NO_SERVICES: Selection = [];

/** The services without repeats, in catalogue order (unknown codes dropped). */
export function inCatalogueOrder(services: Iterable<ServiceCode>): ServiceCode[] {
  const chosen = new Set(services);
  return SERVICE_CODES.filter((s) => chosen.has(s));
}

/**
 * A card's Purchase Now, or "Buy with the basic service" for an add-on not sold alone (`withBase`): the
 * service joins what is already chosen, the base with it when asked.
 */
export function addService(selection: Selection, service: ServiceCode, withBase = false): ServiceCode[] {
  return inCatalogueOrder([...selection, ...(withBase ? [BASE_SERVICE] : []), service]);
}

/**
 * A box of the order panel ticked or unticked. Unticking the base keeps the add-ons: when the base is not
 * owned the quote answers that they cannot be bought alone, and ticking the base again gives the same order.
 */
export function setChecked(selection: Selection, service: ServiceCode, checked: boolean): ServiceCode[] {
  return checked ? addService(selection, service) : selection.filter((s) => s !== service);
}

export interface OrderChoices {
  /** The chosen products, in the catalogue's order. */
  selected: TProduct[];
  productIds: number[];
  baseSelected: boolean;
  /**
   * The boxes the order panel offers: every chosen product (so it can be unticked), the base while it can be
   * bought, and the add-ons that can go in this order (with the chosen base, or once the base is owned).
   */
  choices: TProduct[];
}

/** What the order panel shows for `products` (one project's list from the server) and the selection. */
export function orderChoices(products: readonly TProduct[], selection: Selection): OrderChoices {
  const selected = products.filter((p) => selection.includes(p.service));
  const baseSelected = selected.some((p) => p.kind === 'base');
  const choices = products.filter(
    (p) =>
      selection.includes(p.service) ||
      p.display === 'purchase_now' ||
      (p.kind === 'addon' && p.display !== 'purchased' && baseSelected),
  );
  return { selected, productIds: selected.map((p) => p.id), baseSelected, choices };
}
