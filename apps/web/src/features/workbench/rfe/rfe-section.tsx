/**
 * The RFE workspace's place on the Schedule tab (issue 32 item 4): the case's RFEs and, with `?rfe=<id>`, one RFE's
 * findings, exhibits, response letter, checklist and response packet. Rendered by the Schedule tab's after-filing
 * panel once the mailing is recorded.
 */
export function RfeSection(_props: { caseId: number }) {
  return null;
}
