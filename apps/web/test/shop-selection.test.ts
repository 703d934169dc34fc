import type { PackageDisplay, ServiceCode, TProduct } from '@dossier/contract';
import { describe, expect, it } from 'vitest';
import {
  addService,
  inCatalogueOrder,
  NO_SERVICES,
  orderChoices,
  setChecked,
} from '../src/features/shop/shop-selection.ts';

const PRICES: Record<ServiceCode, number> = {
  DIY_STANDARD: 59_900,
  REVIEW: 29_900,
  TRANSLATION: 39_900,
  CONSULTATION: 9_900,
};

/** One project's list as the server answers it, with the display for this caller. */
function catalogue(display: Partial<Record<ServiceCode, PackageDisplay>>): TProduct[] {
  return (Object.keys(PRICES) as ServiceCode[]).map((service, i) => ({
    id: 10 + i,
    project_id: 1,
    project_code: 'USA_EB1A',
    service,
    kind: service === 'DIY_STANDARD' ? 'base' : 'addon',
    name: service,
    description: '',
    price: { amount: PRICES[service], currency: 'USD' },
    duration_months: service === 'DIY_STANDARD' ? 18 : null,
    display: display[service] ?? (service === 'DIY_STANDARD' ? 'purchase_now' : 'not_available'),
  }));
}

const services = (products: TProduct[]) => products.map((p) => p.service);

describe('shop selection: every press adds', () => {
  it('base, then "with the basic service" on Review, then on Translation keeps all three (issue 27 item 12)', () => {
    let s = addService(NO_SERVICES, 'DIY_STANDARD');
    s = addService(s, 'REVIEW', true);
    s = addService(s, 'TRANSLATION', true);
    expect(s).toEqual(['DIY_STANDARD', 'REVIEW', 'TRANSLATION']);
    const view = orderChoices(catalogue({}), s);
    expect(view.productIds).toEqual([10, 11, 12]);
    expect(view.selected.reduce((sum, p) => sum + p.price.amount, 0)).toBe(129_700);
  });

  it('keeps catalogue order and no repeats, whatever the order of presses', () => {
    let s = addService(NO_SERVICES, 'TRANSLATION', true);
    s = addService(s, 'REVIEW', true);
    s = addService(s, 'REVIEW');
    s = addService(s, 'DIY_STANDARD');
    expect(s).toEqual(['DIY_STANDARD', 'REVIEW', 'TRANSLATION']);
    expect(inCatalogueOrder(['CONSULTATION', 'DIY_STANDARD', 'CONSULTATION'])).toEqual([
      'DIY_STANDARD',
      'CONSULTATION',
    ]);
  });

  it('an add-on once the base is owned joins the other add-ons, without the base', () => {
    let s = addService(NO_SERVICES, 'REVIEW');
    s = addService(s, 'CONSULTATION');
    expect(s).toEqual(['REVIEW', 'CONSULTATION']);
  });
});

describe('shop selection: the order panel boxes', () => {
  it('unticking an add-on takes only that one out', () => {
    expect(setChecked(['DIY_STANDARD', 'REVIEW', 'TRANSLATION'], 'REVIEW', false)).toEqual([
      'DIY_STANDARD',
      'TRANSLATION',
    ]);
    expect(setChecked(['DIY_STANDARD'], 'CONSULTATION', true)).toEqual(['DIY_STANDARD', 'CONSULTATION']);
  });

  it('unticking the base keeps the add-ons (the quote refuses them alone); ticking it again restores the order', () => {
    const without = setChecked(['DIY_STANDARD', 'REVIEW', 'TRANSLATION'], 'DIY_STANDARD', false);
    expect(without).toEqual(['REVIEW', 'TRANSLATION']);
    const view = orderChoices(catalogue({}), without);
    expect(view.baseSelected).toBe(false);
    // The base is offered to tick again; the chosen add-ons stay visible to untick; the others are not offered.
    expect(services(view.choices)).toEqual(['DIY_STANDARD', 'REVIEW', 'TRANSLATION']);
    expect(setChecked(without, 'DIY_STANDARD', true)).toEqual(['DIY_STANDARD', 'REVIEW', 'TRANSLATION']);
  });

  it('offers the add-ons with the chosen base; none without it unless the base is owned', () => {
    const products = catalogue({});
    expect(services(orderChoices(products, ['DIY_STANDARD']).choices)).toEqual([
      'DIY_STANDARD',
      'REVIEW',
      'TRANSLATION',
      'CONSULTATION',
    ]);
    // A deep link to an add-on alone: the add-on (to untick) and the base (to tick); the other add-ons wait.
    expect(services(orderChoices(products, ['TRANSLATION']).choices)).toEqual([
      'DIY_STANDARD',
      'TRANSLATION',
    ]);
    const owner = catalogue({ DIY_STANDARD: 'purchased', REVIEW: 'purchased', TRANSLATION: 'purchase_now' });
    owner[3]!.display = 'purchase_now';
    expect(services(orderChoices(owner, []).choices)).toEqual(['TRANSLATION', 'CONSULTATION']);
    expect(orderChoices(owner, ['TRANSLATION']).productIds).toEqual([12]);
  });
});
