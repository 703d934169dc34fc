/**
 * What a fill asks of each field, checked against the blank's fields before anything is written (decision 0044):
 * fields found by full name or a unique trailing part, sibling check boxes answered as a radio group by on-state,
 * MaxLen and options checked, signature fields left empty. Produces `Edit`s; fill-write.ts writes them.
 */
import type { PdfFieldValue } from '@dossier/forms';
import type { FormField } from './acroform.ts';
import type { FieldIssue } from './errors.ts';

/** A change to one field: its text (text fields, choices) or the on-state its buttons show (or Off). */
export type Edit = { field: FormField; text: string } | { field: FormField; state: string | 'Off' };

export interface Applied {
  edits: Edit[];
  issues: FieldIssue[];
  filled: number;
  missingFields: string[];
  ignoredSignatureFields: string[];
}

const lastSegment = (name: string) => name.slice(name.lastIndexOf('.') + 1);
const baseOf = (name: string) => lastSegment(name).replace(/\[\d+\]$/, '');
export const isBarcode = (f: FormField) => f.kind === 'text' && /barcode/i.test(lastSegment(f.name));

/** Signature fields: /FT /Sig, or (USCIS style) a read-only text field named "…Signature…". */
function isSignature(f: FormField): boolean {
  if (f.kind === 'signature') return true;
  const last = lastSegment(f.name);
  return /signature/i.test(last) && !/date/i.test(last);
}

/** The on-state names of a check box or radio button's widgets, trimmed (USCIS has "/ STE "). */
export function onStates(field: FormField): string[] {
  return field.widgets.flatMap((w) => (w.on ? [w.on.text.trim()] : []));
}

/** Finds fields by full name, or by a unique trailing part of it ("Pt1Line1a_FamilyName[0]"). */
export class FieldResolver {
  private readonly byName = new Map<string, FormField>();
  constructor(private readonly fields: FormField[]) {
    for (const f of fields) if (!this.byName.has(f.name)) this.byName.set(f.name, f);
  }

  one(name: string): { field: FormField } | { issue: FieldIssue } | 'missing' {
    const exact = this.byName.get(name);
    if (exact) return { field: exact };
    const hits = this.fields.filter((f) => f.name.endsWith(`.${name}`));
    if (hits.length === 1 && hits[0]) return { field: hits[0] };
    if (hits.length > 1) {
      return {
        issue: { field: name, problem: 'ambiguous_name', detail: `${hits.length} fields end with this name` },
      };
    }
    return 'missing';
  }

  /**
   * A real radio group by name, or the sibling check boxes that act as one: every check box whose last name
   * segment, without its [k] index, equals the base of `name` (prt2PetitionType[0..7] spread over two subforms).
   */
  group(name: string): FormField[] | 'missing' {
    const one = this.one(name);
    if (one !== 'missing' && 'field' in one && one.field.kind === 'radio') return [one.field];
    const base = baseOf(name);
    const prefix = name.includes('.') ? name.slice(0, name.lastIndexOf('.') + 1) : '';
    const boxes = this.fields.filter((f) => f.kind === 'checkbox' && baseOf(f.name) === base);
    const siblings = boxes.filter((f) => !prefix || f.name.startsWith(prefix));
    if (siblings.length > 0) return siblings;
    // A full-path group name whose members live in several subforms: fall back to the base alone.
    return boxes.length > 0 ? boxes : 'missing';
  }
}

/** The options a radio group offers: its /Opt export values, else its widgets' on-states (pdf-lib's getOptions). */
function radioOptions(radio: FormField): string[] {
  return radio.options.length ? radio.options.map((o) => o.value) : onStates(radio);
}

/** Selects `exportValue` among the group (by on-state, never by index) and clears the others. */
function selectInGroup(group: FormField[], exportValue: string, edits: Edit[]): boolean {
  const want = exportValue.trim();
  if (group.length === 1 && group[0]!.kind === 'radio') {
    const radio = group[0]!;
    const options = radioOptions(radio);
    const at = options.findIndex((o) => o.trim() === want);
    if (at < 0) return false;
    // With /Opt, the n-th export value is the n-th widget's on-state.
    const state = radio.options.length ? radio.widgets[at]?.on?.text : options[at];
    if (state === undefined) return false;
    edits.push({ field: radio, state });
    return true;
  }
  const hit = group.filter((f) => onStates(f).includes(want));
  if (hit.length !== 1) return false;
  for (const f of group) edits.push({ field: f, state: f === hit[0] ? checkedState(f) : 'Off' });
  return true;
}

/** A check box's on-state: its first widget's (pdf-lib's getOnValue), else "Yes". */
const checkedState = (f: FormField) => f.widgets[0]?.on?.text ?? 'Yes';

const unknownOption = (field: string, value: string, options: string[]): FieldIssue => ({
  field,
  problem: 'unknown_option',
  detail: `"${value}" is not one of ${options.join(', ') || '(none)'}`,
});

export function applyValues(fields: FormField[], values: PdfFieldValue[]): Applied {
  const resolver = new FieldResolver(fields);
  const out: Applied = { edits: [], issues: [], filled: 0, missingFields: [], ignoredSignatureFields: [] };
  for (const v of values) {
    if (v.kind === 'radio') {
      const g = resolver.group(v.name);
      if (g === 'missing') out.missingFields.push(v.name);
      else if (selectInGroup(g, v.exportValue, out.edits)) out.filled++;
      else
        out.issues.push(
          unknownOption(
            v.name,
            v.exportValue,
            g.flatMap((f) => (f.kind === 'radio' ? radioOptions(f) : onStates(f))),
          ),
        );
      continue;
    }
    const found = resolver.one(v.name);
    if (found === 'missing') {
      if (v.kind === 'checkbox' && v.onValue) {
        // A Yes/No pair addressed by its base name + the on-state: same as a radio answer.
        const g = resolver.group(v.name);
        const box = Array.isArray(g) ? g.find((f) => onStates(f).includes(v.onValue!.trim())) : undefined;
        if (box?.kind === 'checkbox') {
          out.edits.push({ field: box, state: v.checked ? checkedState(box) : 'Off' });
          out.filled++;
          continue;
        }
      }
      out.missingFields.push(v.name);
      continue;
    }
    if ('issue' in found) {
      out.issues.push(found.issue);
      continue;
    }
    if (isSignature(found.field)) {
      out.ignoredSignatureFields.push(v.name);
      continue;
    }
    const issue = applyValue(found.field, v, out.edits);
    if (issue) out.issues.push(issue);
    else out.filled++;
  }
  return out;
}

function applyValue(
  field: FormField,
  v: Exclude<PdfFieldValue, { kind: 'radio' }>,
  edits: Edit[],
): FieldIssue | undefined {
  const kindName = {
    text: 'TextField',
    checkbox: 'CheckBox',
    radio: 'RadioGroup',
    dropdown: 'Dropdown',
    optionList: 'OptionList',
    signature: 'Signature',
    button: 'Button',
  }[field.kind];
  const mismatch = (): FieldIssue => ({
    field: v.name,
    problem: 'kind_mismatch',
    detail: `a ${v.kind} value for a ${kindName} field`,
  });
  switch (v.kind) {
    case 'text': {
      if (field.kind !== 'text') return mismatch();
      const value = v.value.normalize('NFC');
      if (field.maxLen !== undefined && value.length > field.maxLen) {
        return {
          field: v.name,
          problem: 'too_long',
          detail: `"${value}" has ${value.length} characters; the form allows ${field.maxLen}`,
        };
      }
      edits.push({ field, text: value });
      return undefined;
    }
    case 'checkbox': {
      if (field.kind !== 'checkbox') return mismatch();
      if (v.onValue && !onStates(field).includes(v.onValue.trim()))
        return unknownOption(v.name, v.onValue, onStates(field));
      edits.push({ field, state: v.checked ? checkedState(field) : 'Off' });
      return undefined;
    }
    case 'choice': {
      if (field.kind !== 'dropdown' && field.kind !== 'optionList') return mismatch();
      const opt =
        field.options.find((o) => o.value === v.value) ?? field.options.find((o) => o.display === v.value);
      // An editable combo box (Ff bit 19) takes any text.
      const editable = field.kind === 'dropdown' && (field.flags & (1 << 18)) !== 0;
      if (opt) edits.push({ field, text: opt.display });
      else if (editable) edits.push({ field, text: v.value });
      else
        return unknownOption(
          v.name,
          v.value,
          field.options.map((o) => o.value),
        );
      return undefined;
    }
  }
}
