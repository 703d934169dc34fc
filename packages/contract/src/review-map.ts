import { z } from 'zod';

/**
 * The evidence map of the case review (issue 31 item 1): per claimed criterion, the kinds of evidence present and
 * missing. Placeholder shape until the evidence-map work lands.
 */
export const ZReviewMap = z.object({
  criteria: z.array(z.object({ key: z.string().max(60), label: z.string().max(200) })).max(40),
});
export type TReviewMap = z.infer<typeof ZReviewMap>;
