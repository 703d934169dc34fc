/**
 * What the official-PDF filler receives: one entry per AcroForm field to set, derived from a form
 * definition and the user's values by the forms package. Kept here so both sides share one type.
 */
export type PdfFieldValue =
  /** Text field (also combs and date fields, already formatted as the form prints them). */
  | { name: string; kind: 'text'; value: string }
  /** A checkbox: checked or not. `onValue` is the widget's on-state export name when known (e.g. 'Y'). */
  | { name: string; kind: 'checkbox'; checked: boolean; onValue?: string }
  /**
   * One choice among widgets that share a name (a real radio group) or among sibling checkboxes that act as
   * one (the I-140 Part 2 group): selected by the on-state export value (e.g. 'a', 'h'), never by index.
   */
  | { name: string; kind: 'radio'; exportValue: string }
  /** A choice list (combo/list box), e.g. a State select; `value` is the option's export value. */
  | { name: string; kind: 'choice'; value: string };

/** Identifies an official form edition, as printed in the form's footer ("Form I-140 Edition 06/07/24"). */
export interface FormEditionId {
  formNumber: string;
  edition: string;
}
