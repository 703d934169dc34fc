/**
 * Which official form and edition a PDF is, from its AcroForm field names. Fingerprints were picked
 * from the field maps in the USCIS research (fieldmaps/*.tsv): for each edition, a few full field
 * names found in that edition and in no other map; for each form, a few names common to all its
 * editions and absent from other forms (so an unknown edition of a known form can still be named).
 * USCIS PDFs also carry read-only barcode fields whose value is "I-140|06/07/24|1": when present
 * that value wins (it is what USCIS prints on the page).
 */
import type { FormEditionId } from '@dossier/forms';

interface EditionPrint extends FormEditionId {
  fingerprints: readonly string[];
}

export const EDITION_PRINTS: readonly EditionPrint[] = [
  {
    formNumber: 'I-140',
    edition: '06/07/24',
    fingerprints: [
      'form1[0].#subform[0].#area[1].Pt1Line8_USCISOnlineActNumber[0]',
      'form1[0].#subform[0].P1_Line5_Checkbox[0]',
      'form1[0].#subform[1].Line2_Petition[1]',
      'form1[0].#subform[5].Part6_Line6a_InterpretersSignature[0]',
      'form1[0].#subform[6].Part10_Item6__Date[0]',
      'form1[0].#subform[7].Pt9Line5c_ItemNumber[0]',
    ],
  },
  {
    formNumber: 'I-140',
    edition: '09/30/20',
    fingerprints: [
      'form1[0].#subform[0].Line4_SSN[0]',
      'form1[0].#subform[6].Part8_Item3_AptSteFlrNumber[0]',
      'form1[0].#subform[6].Part8_Item5_MobilePhone[0]',
      'form1[0].#subform[6].Part9_Item3_State[0]',
      'form1[0].#subform[7].Part9_Item7b_Extend[0]',
      'form1[0].#subform[8].Pt9Line4b_PartNumber[0]',
    ],
  },
  {
    formNumber: 'I-907',
    edition: '04/01/24',
    fingerprints: [
      'form1[0].#subform[0].Part1_Line5_MailingAddress_ZipCode[0]',
      'form1[0].#subform[0].Part1Line6_Checkbox[1]',
      'form1[0].#subform[1].Part1_Line8_CheckBox[0]',
      'form1[0].#subform[1].Part1_Line8_CheckBox[3]',
      'form1[0].#subform[1].Part1_Line7_PhysicalAddress_Unit[0]',
    ],
  },
  {
    formNumber: 'I-907',
    edition: '09/30/20',
    fingerprints: [
      'form1[0].#subform[0].Pt1Line5_MailingAddress_ZipCode[0]',
      'form1[0].#subform[0].Part1Line5_Checkbox[1]',
      'form1[0].#subform[1].Part1_Line11_CheckBox[1]',
      'form1[0].#subform[1].Part1_Line4_PhysicalAddress_State[0]',
      'form1[0].#subform[1].Part1_Line4_PhysicalAddress_CityTown[0]',
    ],
  },
  {
    formNumber: 'G-1145',
    edition: '09/26/14',
    fingerprints: [
      'form1[0].#subform[0].LastName[0]',
      'form1[0].#subform[0].FirstName[0]',
      'form1[0].#subform[0].MobilePhoneNumber[0]',
    ],
  },
  {
    formNumber: 'G-1450',
    edition: '09/27/19',
    fingerprints: [
      'form1[0].#subform[0].CCHolderFamilyName[0]',
      'form1[0].#subform[0].CCHolderAptSteFlr_Unit[2]',
      'form1[0].#subform[0].CreditCardNumber_2[0]',
      'form1[0].#subform[0].CreditCardTypeChBx[1]',
      'form1[0].#subform[0].SignatureOfApplicant[0]',
    ],
  },
  {
    formNumber: 'ETA-9089',
    edition: 'pre-2023 (OMB 1205-0451)',
    fingerprints: [
      'B Schedule A or Sheepherder Information',
      '4B  Major field of study',
      '12  Specify major fields of study',
      'Group_Ie.25',
    ],
  },
];

/** Names shared by every known edition of a form and by no other form. */
const FORM_PRINTS: Readonly<Record<string, readonly string[]>> = {
  'I-140': [
    'form1[0].#subform[0].Pt1Line1a_FamilyName[0]',
    'form1[0].#subform[1].Line14d_CountryOfIssuance[0]',
    'form1[0].#subform[2].Line2d_GrossAnnualIncome[0]',
    'form1[0].#subform[4].Line2c_Person2MiddleName[1]',
  ],
  'I-907': [
    'form1[0].#subform[1].Part1_Line8_NameOfCompanyPOC_FamilyName[0]',
    'form1[0].#subform[3].P4_Line3_StreetNumberName[0]',
    'form1[0].#subform[4].P5_Line3_Country[0]',
  ],
};

const BARCODE = /^([A-Z]{1,3}-\d{1,4}[A-Z]?)\|(\d{2}\/\d{2}\/\d{2})\|\d+$/;

export type Identification =
  | { kind: 'edition'; id: FormEditionId; via: 'barcode' | 'fingerprint' }
  /** The form is known but the edition is not one we have fingerprints for. */
  | { kind: 'form'; formNumber: string }
  | { kind: 'unknown'; fieldCount: number };

/**
 * Identifies a form from its full field names and the values of its barcode fields (any text field
 * whose name contains "BarCode"). At least 75 % of an edition's fingerprints must be present.
 */
export function identifyEdition(
  fieldNames: readonly string[],
  barcodeValues: readonly string[] = [],
): Identification {
  for (const v of barcodeValues) {
    const m = BARCODE.exec(v.trim());
    if (m?.[1] && m[2]) return { kind: 'edition', id: { formNumber: m[1], edition: m[2] }, via: 'barcode' };
  }
  const names = new Set(fieldNames);
  let best: { print: EditionPrint; ratio: number } | undefined;
  for (const print of EDITION_PRINTS) {
    const ratio = print.fingerprints.filter((n) => names.has(n)).length / print.fingerprints.length;
    if (ratio >= 0.75 && (!best || ratio > best.ratio)) best = { print, ratio };
  }
  if (best) {
    const { formNumber, edition } = best.print;
    return { kind: 'edition', id: { formNumber, edition }, via: 'fingerprint' };
  }
  for (const [formNumber, prints] of Object.entries(FORM_PRINTS)) {
    if (prints.filter((n) => names.has(n)).length / prints.length >= 0.75)
      return { kind: 'form', formNumber };
  }
  return { kind: 'unknown', fieldCount: fieldNames.length };
}

export const sameEdition = (a: FormEditionId, b: FormEditionId) =>
  a.formNumber.toUpperCase() === b.formNumber.toUpperCase() && a.edition === b.edition;
