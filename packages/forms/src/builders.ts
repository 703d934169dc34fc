/**
 * Small building blocks shared by the definitions: names, addresses, yes/no pairs, contact blocks
 * (interpreter, preparer) and the repeating "additional information" rows. They only assemble `Item`
 * objects, so a definition stays readable as data.
 */
import type {
  AddressGroup,
  Condition,
  Item,
  ItemOption,
  ItemType,
  Localized,
  PdfBox,
  PdfMapping,
  RepeatGroup,
} from './types.ts';

export const L = (en: string, zh: string): Localized => ({ zh, en });

export const text = (field: string): PdfMapping => ({ kind: 'text', field });
export const choice = (field: string): PdfMapping => ({ kind: 'choice', field });
export const box = (field: string, onValue: string): PdfBox => ({ field, onValue });

export function item(
  id: string,
  number: string,
  label: Localized,
  type: ItemType,
  pdf: PdfMapping | null,
  extra: Partial<Omit<Item, 'id' | 'number' | 'label' | 'type' | 'pdf'>> = {},
): Item {
  return { id, number, label, type, pdf, ...extra };
}

export const YES_NO_OPTIONS: readonly ItemOption[] = [
  { value: 'yes', label: L('Yes', '是') },
  { value: 'no', label: L('No', '否') },
];

export function yesNo(
  id: string,
  number: string,
  label: Localized,
  yes: PdfBox,
  no: PdfBox,
  extra: Partial<Item> = {},
): Item {
  return item(
    id,
    number,
    label,
    'yes_no',
    { kind: 'yes_no', yes, no },
    { options: YES_NO_OPTIONS, ...extra },
  );
}

export function signature(id: string, number: string, label: Localized, field: string | null): Item {
  return item(id, number, label, 'signature', field ? { kind: 'signature', field } : null, {
    help: L(
      'Leave blank here: print the completed form and sign it by hand in ink.',
      '此处无需填写：请打印填好的表格后，用笔亲笔签名。',
    ),
  });
}

/** A date of signature: left for the hand (dated when signed); typed, it is checked against today. */
export function signatureDate(id: string, number: string, field: string): Item {
  return item(id, number, L('Date of Signature', '签名日期'), 'date', text(field), {
    signatureDate: true,
    help: L(
      'Best left blank: write the date by hand when you sign the printed form, the same day on every form.',
      '建议留空：在打印的表格上亲笔签名时手写日期，各表格同一天。',
    ),
  });
}

/** "Filled" for a condition: the item has an answer in use (not empty, not N/A or None). */
export const filled = (id: string): Condition => ({ item: id, filled: true });
export const empty = (id: string): Condition => ({ item: id, filled: false });

// ---------------------------------------------------------------------------------------------- names

export interface NameFields {
  family: string;
  given: string;
  middle?: string;
}

export interface NameOptions {
  /** Item ids; defaults to `${prefix}a/b/c`. */
  ids?: { family: string; given: string; middle?: string };
  numbers?: { family: string; given: string; middle?: string };
  required?: boolean | Condition;
  visibleWhen?: Condition;
  maxLength?: { family?: number; given?: number; middle?: number };
  /** Label flavour: romanised (default) or native alphabet (Chinese characters). */
  native?: boolean;
  /** Whose name, prefixed to the English label ("Interpreter's"). */
  whose?: Localized;
}

export function nameItems(prefix: string, fields: NameFields, opts: NameOptions = {}): Item[] {
  const ids = opts.ids ?? { family: `${prefix}a`, given: `${prefix}b`, middle: `${prefix}c` };
  const base = prefix.replace(/^p\d+\./, '');
  const numbers = opts.numbers ?? { family: `${base}.a`, given: `${base}.b`, middle: `${base}.c` };
  const w = opts.whose;
  const en = (s: string) => (w ? `${w.en} ${s}` : s);
  const zh = (s: string) => (w ? `${w.zh}${s}` : s);
  const labels = opts.native
    ? {
        family: L('Family Name (Last Name) in native alphabet', '姓（中文）'),
        given: L('Given Name (First Name) in native alphabet', '名（中文）'),
        middle: L('Middle Name in native alphabet', '中间名（中文，如有）'),
      }
    : {
        family: L(en('Family Name (Last Name)'), zh('姓（拼音）')),
        given: L(en('Given Name (First Name)'), zh('名（拼音）')),
        middle: L(en('Middle Name'), zh('中间名（如有）')),
      };
  const common = { required: opts.required, visibleWhen: opts.visibleWhen };
  const strip = <T extends object>(o: T): T =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  const out: Item[] = [
    item(
      ids.family,
      numbers.family,
      labels.family,
      'text',
      text(fields.family),
      strip({ ...common, maxLength: opts.maxLength?.family }),
    ),
    item(
      ids.given,
      numbers.given,
      labels.given,
      'text',
      text(fields.given),
      strip({ ...common, maxLength: opts.maxLength?.given }),
    ),
  ];
  if (fields.middle && ids.middle && numbers.middle !== undefined) {
    out.push(
      item(
        ids.middle,
        numbers.middle,
        labels.middle,
        'text',
        text(fields.middle),
        strip({ visibleWhen: opts.visibleWhen, maxLength: opts.maxLength?.middle }),
      ),
    );
  }
  return out;
}

// ------------------------------------------------------------------------------------------- addresses

export type AddressKey =
  | 'inCareOf'
  | 'street'
  | 'unitType'
  | 'unitNumber'
  | 'city'
  | 'state'
  | 'zip'
  | 'province'
  | 'postalCode'
  | 'country';

export interface AddressLine {
  id: string;
  number: string;
  field: string;
  maxLength?: number;
}

/** The Apt./Ste./Flr. boxes: sibling checkboxes sharing a base name, one per unit kind. */
export interface UnitBoxes {
  id: string;
  number: string;
  group: string;
  apt: string;
  ste: string;
  flr: string;
}

export interface AddressSpec {
  inCareOf?: AddressLine;
  street: AddressLine;
  unitType?: UnitBoxes;
  unitNumber?: AddressLine;
  city: AddressLine;
  state?: AddressLine;
  zip?: AddressLine;
  province?: AddressLine;
  postalCode?: AddressLine;
  country?: AddressLine;
  /** Street, city (and country when present) are required when this holds. */
  required?: boolean | Condition;
  visibleWhen?: Condition;
  /** Native-alphabet address: labels say so, and no State/ZIP rule applies. */
  native?: boolean;
}

const ADDRESS_LABELS: Record<AddressKey, Localized> = {
  inCareOf: L('In Care Of Name', '转交人姓名（In Care Of，如无可不填）'),
  street: L('Street Number and Name', '门牌号及街道名称'),
  unitType: L('Apt. / Ste. / Flr.', '单元类型（公寓 / 套房 / 楼层）'),
  unitNumber: L('Apt. / Ste. / Flr. Number', '公寓 / 套房 / 楼层号'),
  city: L('City or Town', '城市或城镇'),
  state: L('State', '州'),
  zip: L('ZIP Code', '邮编（ZIP Code，仅限美国地址）'),
  province: L('Province', '省份（非美国地址）'),
  postalCode: L('Postal Code', '邮政编码（非美国地址）'),
  country: L('Country', '国家'),
};

export const UNIT_OPTIONS = (apt: string, ste: string, flr: string): ItemOption[] => [
  { value: 'apt', label: L('Apt.', '公寓（Apt.）'), pdf: apt },
  { value: 'ste', label: L('Ste.', '套房（Ste.）'), pdf: ste },
  { value: 'flr', label: L('Flr.', '楼层（Flr.）'), pdf: flr },
];

const ONE_UNIT_ON_STATE = { apt: ' APT ', ste: ' STE ', flr: ' FLR ' } as const;

export function addressItems(spec: AddressSpec): { items: Item[]; group: AddressGroup | null } {
  const items: Item[] = [];
  const { visibleWhen } = spec;
  const req = spec.required ?? false;
  const native = spec.native === true;
  const label = (k: AddressKey): Localized => {
    const l = ADDRESS_LABELS[k];
    return native ? L(`${l.en} (native alphabet)`, `${l.zh.replace(/（.*）$/, '')}（中文地址）`) : l;
  };
  const line = (k: AddressKey, a: AddressLine | undefined, type: ItemType, extra: Partial<Item> = {}) => {
    if (!a) return;
    const mapping = type === 'state' ? choice(a.field) : text(a.field);
    const it = item(a.id, a.number, label(k), type, mapping, { ...extra });
    if (a.maxLength !== undefined) it.maxLength = a.maxLength;
    if (visibleWhen) it.visibleWhen = visibleWhen;
    items.push(it);
  };
  line('inCareOf', spec.inCareOf, 'text');
  line('street', spec.street, 'text', { required: req });
  if (spec.unitType) {
    const u = spec.unitType;
    const it = item(
      u.id,
      u.number,
      label('unitType'),
      'radio',
      {
        kind: 'radio',
        group: u.group,
        members: [
          box(u.apt, ONE_UNIT_ON_STATE.apt),
          box(u.ste, ONE_UNIT_ON_STATE.ste),
          box(u.flr, ONE_UNIT_ON_STATE.flr),
        ],
      },
      {
        options: UNIT_OPTIONS(ONE_UNIT_ON_STATE.apt, ONE_UNIT_ON_STATE.ste, ONE_UNIT_ON_STATE.flr),
        ...(spec.unitNumber ? { required: filled(spec.unitNumber.id) } : {}),
      },
    );
    if (visibleWhen) it.visibleWhen = visibleWhen;
    items.push(it);
  }
  line('unitNumber', spec.unitNumber, 'text', spec.unitType ? { required: filled(spec.unitType.id) } : {});
  line('city', spec.city, 'text', { required: req });
  line('state', spec.state, 'state', { options: US_STATE_OPTIONS });
  line('zip', spec.zip, 'zip');
  line('province', spec.province, 'text');
  line('postalCode', spec.postalCode, 'text');
  line('country', spec.country, 'country', { required: req });
  if (native || (!spec.state && !spec.zip)) return { items, group: null };
  const group: AddressGroup = {
    lines: [spec.street.id, spec.city.id],
    ...(spec.country ? { country: spec.country.id } : {}),
    ...(spec.state ? { state: spec.state.id } : {}),
    ...(spec.zip ? { zip: spec.zip.id } : {}),
    ...(spec.province ? { province: spec.province.id } : {}),
    ...(spec.postalCode ? { postalCode: spec.postalCode.id } : {}),
  };
  return { items, group };
}

/** The state codes of the USCIS choice lists (states, DC, territories, armed-forces codes), as on the forms. */
export const US_STATES: readonly string[] = [
  'AA',
  'AE',
  'AK',
  'AL',
  'AP',
  'AR',
  'AS',
  'AZ',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'FM',
  'GA',
  'GU',
  'HI',
  'IA',
  'ID',
  'IL',
  'IN',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MH',
  'MI',
  'MN',
  'MO',
  'MP',
  'MS',
  'MT',
  'NC',
  'ND',
  'NE',
  'NH',
  'NJ',
  'NM',
  'NV',
  'NY',
  'OH',
  'OK',
  'OR',
  'PA',
  'PR',
  'PW',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VA',
  'VI',
  'VT',
  'WA',
  'WI',
  'WV',
  'WY',
];

export const US_STATE_OPTIONS: readonly ItemOption[] = US_STATES.map((code) => ({
  value: code,
  label: L(code, code),
  pdf: code,
}));

// ------------------------------------------------------------------------------ contact blocks and rows

export interface AdditionalInfoFields {
  page: string;
  part: string;
  item: string;
  text: string;
}

/** One "Page Number / Part Number / Item Number / Additional Information" row (I-140 Part 11, I-907 Part 6). */
export function additionalInfoRow(
  partNo: number,
  n: number,
  fields: AdditionalInfoFields,
  maxLength: { page?: number; part?: number; item?: number } = {},
): Item[] {
  const id = (s: string) => `p${partNo}.${n}${s}`;
  const anyRef: Condition = { any: [filled(id('a')), filled(id('b')), filled(id('c'))] };
  const ml = (v: number | undefined) => (v === undefined ? {} : { maxLength: v });
  return [
    item(id('a'), `${n}.a`, L('Page Number', '页码'), 'text', text(fields.page), {
      required: filled(id('d')),
      ...ml(maxLength.page),
    }),
    item(id('b'), `${n}.b`, L('Part Number', '部分编号（Part）'), 'text', text(fields.part), {
      required: filled(id('d')),
      ...ml(maxLength.part),
    }),
    item(id('c'), `${n}.c`, L('Item Number', '题号（Item）'), 'text', text(fields.item), {
      required: filled(id('d')),
      ...ml(maxLength.item),
    }),
    item(id('d'), `${n}.d`, L('Additional Information', '补充说明'), 'textarea', text(fields.text), {
      required: anyRef,
    }),
  ];
}

/** The rows `additionalInfoRow` builds for items `numbers` of part `partNo`, as a repeat group. */
export function additionalInfoRepeat(partNo: number, numbers: readonly number[]): RepeatGroup {
  return {
    label: L('Additional information entry', '补充信息条目'),
    rows: numbers.map((n) => ['a', 'b', 'c', 'd'].map((s) => `p${partNo}.${n}${s}`)),
  };
}

export interface ContactBlockSpec {
  partNo: number;
  /** Whose block: the interpreter's or the preparer's. */
  role: 'interpreter' | 'preparer';
  family: AddressLine;
  given: AddressLine;
  org: AddressLine;
  address?: Omit<AddressSpec, 'required' | 'visibleWhen'>;
  dayPhone: AddressLine;
  mobile: AddressLine;
  email: AddressLine;
  /** Interpreter only: the language of the certification. */
  language?: AddressLine;
  signature: { id: string; number: string; field: string };
  date: AddressLine;
}

const ROLE: Record<ContactBlockSpec['role'], Localized> = {
  interpreter: L("Interpreter's", '翻译人'),
  preparer: L("Preparer's", '代填人'),
};

/**
 * Interpreter or preparer block: all optional, but once the person's family name is given, the rest of
 * what the form asks for (given name, daytime phone, language) becomes required.
 */
export function contactBlock(spec: ContactBlockSpec): { items: Item[]; group: AddressGroup | null } {
  const r = ROLE[spec.role];
  const started = filled(spec.family.id);
  const ml = (a: AddressLine) => (a.maxLength === undefined ? {} : { maxLength: a.maxLength });
  const items: Item[] = [
    item(
      spec.family.id,
      spec.family.number,
      L(`${r.en} Family Name (Last Name)`, `${r.zh}姓（英文或拼音）`),
      'text',
      text(spec.family.field),
      ml(spec.family),
    ),
    item(
      spec.given.id,
      spec.given.number,
      L(`${r.en} Given Name (First Name)`, `${r.zh}名（英文或拼音）`),
      'text',
      text(spec.given.field),
      {
        required: started,
        ...ml(spec.given),
      },
    ),
    item(
      spec.org.id,
      spec.org.number,
      L(`${r.en} Business or Organization Name (if any)`, `${r.zh}所在机构或公司名称（如有）`),
      'text',
      text(spec.org.field),
      ml(spec.org),
    ),
  ];
  let group: AddressGroup | null = null;
  if (spec.address) {
    const a = addressItems({ ...spec.address, required: started });
    items.push(...a.items);
    group = a.group;
  }
  items.push(
    item(
      spec.dayPhone.id,
      spec.dayPhone.number,
      L(`${r.en} Daytime Telephone Number`, `${r.zh}日间电话`),
      'phone',
      text(spec.dayPhone.field),
      {
        required: started,
        ...ml(spec.dayPhone),
      },
    ),
    item(
      spec.mobile.id,
      spec.mobile.number,
      L(`${r.en} Mobile Telephone Number (if any)`, `${r.zh}手机号码（如有）`),
      'phone',
      text(spec.mobile.field),
      ml(spec.mobile),
    ),
    item(
      spec.email.id,
      spec.email.number,
      L(`${r.en} Email Address (if any)`, `${r.zh}电子邮箱（如有）`),
      'email',
      text(spec.email.field),
      ml(spec.email),
    ),
  );
  if (spec.language) {
    items.push(
      item(
        spec.language.id,
        spec.language.number,
        L('Language (other than English) in which the interpreter is fluent', '翻译人精通的语言（英语以外）'),
        'text',
        text(spec.language.field),
        { required: started, ...ml(spec.language) },
      ),
    );
  }
  items.push(
    signature(
      spec.signature.id,
      spec.signature.number,
      L(`${r.en} Signature`, `${r.zh}签名`),
      spec.signature.field,
    ),
    signatureDate(spec.date.id, spec.date.number, spec.date.field),
  );
  return { items, group };
}
