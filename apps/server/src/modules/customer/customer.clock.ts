import { knownTimeZone, localDate } from '@dossier/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { scopedRead } from '../../db/read-scope.ts';
import { customer } from '../../db/schema/index.ts';

/**
 * The customer's time zone (profile `timezone`; the default zone when none is set): every date the customer is
 * shown, printed or given in a file name is a day in this zone (issue 28 item 7, decision 0058).
 */
export function customerTimeZone(ctx: AppContext, customerId: number): Promise<string> {
  return scopedRead(`customer-time-zone:${customerId}`, async () => {
    const [row] = await ctx.db.db
      .select({ timezone: customer.timezone })
      .from(customer)
      .where(eq(customer.id, customerId));
    return knownTimeZone(row?.timezone);
  });
}

/** Today (YYYY-MM-DD) for the customer, by the context's clock. */
export async function customerToday(ctx: AppContext, customerId: number): Promise<string> {
  return localDate(ctx.clock.now(), await customerTimeZone(ctx, customerId));
}
