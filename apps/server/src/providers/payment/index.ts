import { createHmac } from 'node:crypto';
import type { PaymentConfig } from '../../config.ts';
import { AlipayPaymentProvider } from './alipay.ts';
import type { PaymentProvider, PaymentProviderId } from './payment.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { StripePaymentProvider } from './stripe.ts';

/** Where providers deliver webhooks unless createPaymentProviders is told otherwise. */
export const defaultWebhookPath = (id: PaymentProviderId) => `/api/payment/webhook/${id}/`;

export interface PaymentProvidersOptions {
  /** The app's auth secret; the sandbox signing key is derived from it. */
  secret: Buffer;
  /** Overrides config.publicBaseUrl (absolute origin, no trailing slash). */
  publicBaseUrl?: string;
  /** The path of the webhook route (Alipay's notify_url is built from it); default defaultWebhookPath. */
  webhookPath?: (id: PaymentProviderId) => string;
}

export interface PaymentProviders {
  /** The provider configured for a method (PAYMENT_ONLINE_PROVIDER, PAYMENT_WALLET_PROVIDER). */
  forMethod(method: 'online' | 'wallet'): PaymentProvider;
  /** A provider configured for at least one method, for the webhook route; undefined otherwise. */
  byId(id: string): PaymentProvider | undefined;
  /** Always constructed (signs the TEST page's events); only live when sandboxEnabled. */
  sandbox: SandboxPaymentProvider;
  /** Whether either method uses the sandbox: the TEST checkout must refuse to pay otherwise. */
  sandboxEnabled: boolean;
}

/** Builds the configured providers; throws on unusable credentials (e.g. a malformed Alipay key). */
export function createPaymentProviders(
  config: PaymentConfig,
  opts: PaymentProvidersOptions,
): PaymentProviders {
  const base = (opts.publicBaseUrl ?? config.publicBaseUrl).replace(/\/+$/, '');
  const webhookPath = opts.webhookPath ?? defaultWebhookPath;
  const sandbox = new SandboxPaymentProvider(
    createHmac('sha256', opts.secret).update('dossier:payment:sandbox-webhook').digest(),
  );
  const online: PaymentProvider =
    config.onlineProvider === 'stripe'
      ? new StripePaymentProvider({
          secretKey: config.stripe.secretKey,
          webhookSecret: config.stripe.webhookSecret,
          apiBase: config.stripe.apiBase,
        })
      : sandbox;
  const wallet: PaymentProvider =
    config.walletProvider === 'alipay'
      ? new AlipayPaymentProvider({
          appId: config.alipay.appId,
          privateKey: config.alipay.privateKey,
          alipayPublicKey: config.alipay.publicKey,
          gateway: config.alipay.gateway,
          notifyUrl: `${base}${webhookPath('alipay')}`,
        })
      : sandbox;
  const live = new Map<string, PaymentProvider>([
    [online.id, online],
    [wallet.id, wallet],
  ]);
  return {
    forMethod: (method) => (method === 'online' ? online : wallet),
    byId: (id) => live.get(id),
    sandbox,
    sandboxEnabled: live.has('sandbox'),
  };
}

export {
  AlipayPaymentProvider,
  alipayResponseSection,
  alipaySignContent,
  alipayTime,
  fenToYuan,
  fromOutTradeNo,
  toOutTradeNo,
  yuanToFen,
} from './alipay.ts';
export {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentProviderId,
  type RefundRequest,
  type RefundResult,
  type VerifiedPaymentEvent,
  type WebhookInput,
  WebhookRefusedError,
} from './payment.ts';
export {
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxEventInput,
  SandboxPaymentProvider,
  type SignedDelivery,
} from './sandbox.ts';
export { StripePaymentProvider } from './stripe.ts';
