/** Query keys of the shop screens; a payment or cancellation invalidates the `shop` prefix. */
export const shopKeys = {
  all: ['shop'] as const,
  areaProjects: ['shop', 'area-projects'] as const,
  products: (project: string, loggedIn: boolean) => ['shop', 'products', project, loggedIn] as const,
  orders: ['shop', 'orders'] as const,
  order: (id: number) => ['shop', 'order', id] as const,
  rights: ['shop', 'rights'] as const,
  plans: ['shop', 'plans'] as const,
  access: (project: string) => ['shop', 'access', project] as const,
};
