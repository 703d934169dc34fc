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

/**
 * For `kind: 'radio'` entries from @dossier/forms, `name` is the group's base name (`prt2PetitionType`,
 * `Line6c_Unit`): its widgets are the fields whose last name segment is `<name>[k]`, wherever they sit
 * (the I-140 Part 2 group spans `#subform[0]` and `#subform[1]`). A full field name also matches itself,
 * for real radio groups. Compare on-states trimmed: some carry spaces (`/ STE `).
 */
export function isRadioGroupMember(fullName: string, group: string): boolean {
  if (fullName === group) return true;
  const last = fullName.slice(fullName.lastIndexOf('.') + 1);
  const m = /^(.*)\[\d+\]$/.exec(last);
  return m !== null && m[1] === group;
}
