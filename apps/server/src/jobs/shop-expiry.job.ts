/**
 * Cancels unpaid orders past their ORDER_UNPAID_TTL_MINUTES (the `expire` transition). Reads and actions
 * on orders also expire due orders first, so this only keeps the table true between visits.
 */
export const SHOP_EXPIRY_JOB = 'shop.expire_orders';
/** Every 10 minutes. */
export const SHOP_EXPIRY_CRON = '*/10 * * * *';
