/** A production environment with a real provider for everything (the config tests start from it). */
export const productionEnv = (): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15550000000',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  PAYMENT_ONLINE_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  PAYMENT_WALLET_PROVIDER: 'alipay',
  ALIPAY_APP_ID: '2021',
  ALIPAY_PRIVATE_KEY: 'key',
  ALIPAY_PUBLIC_KEY: 'key',
  PUBLIC_BASE_URL: 'https://dossier.example.com',
  BANK_ACCOUNT_NUMBER: '6222 0000 1111 2222',
});
