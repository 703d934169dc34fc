import type { useAppProps } from 'antd/es/app/context';

/**
 * `App.useApp()` outside antd's <App> (the header and the home page, which load no antd up front): each call
 * loads antd's static message / notification / modal on first use (app/antd-static.tsx) and forwards to it.
 * Inside the screens, antd's own <App> (app/antd-providers.tsx) takes over.
 */
type Loaded = typeof import('./antd-static.tsx');
let loading: Promise<Loaded> | undefined;
const load = (): Promise<Loaded> => {
  loading ??= import('./antd-static.tsx');
  return loading;
};

type AnyFn = (...args: unknown[]) => unknown;

/** A message/notification call: closable right away, awaitable like antd's MessageType. */
function deferredCall(pick: (m: Loaded) => Record<string, unknown>, name: string) {
  return (...args: unknown[]) => {
    const result = load().then((m) => (pick(m)[name] as AnyFn)(...args));
    const close = () => void result.then((r) => typeof r === 'function' && (r as () => void)());
    return Object.assign(close, {
      // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is awaitable (resolves when it closes).
      then: (resolve?: (v: boolean) => unknown, reject?: (e: unknown) => unknown) =>
        result.then((r) => r as boolean).then(resolve, reject),
    });
  };
}

/** A modal call (antd's static Modal): `destroy` / `update` are forwarded once the modal exists. */
function deferredModal(name: string) {
  return (...args: unknown[]) => {
    const instance = load().then(
      (m) => ((m.Modal as unknown as Record<string, AnyFn>)[name] as AnyFn)(...args) as Record<string, AnyFn>,
    );
    return {
      destroy: () => void instance.then((i) => i.destroy?.()),
      update: (config: unknown) => void instance.then((i) => i.update?.(config)),
    };
  };
}

function methods(names: readonly string[], make: (name: string) => unknown): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, make(name)]));
}

const MESSAGE = ['info', 'success', 'error', 'warning', 'loading', 'open', 'destroy'] as const;
const NOTIFICATION = ['info', 'success', 'error', 'warning', 'open', 'destroy'] as const;
const MODAL = ['info', 'success', 'error', 'warning', 'confirm'] as const;

export const lazyAppApi = {
  message: methods(MESSAGE, (name) => deferredCall((m) => m.message as never, name)),
  notification: methods(NOTIFICATION, (name) => deferredCall((m) => m.notification as never, name)),
  modal: methods(MODAL, deferredModal),
} as unknown as useAppProps;
