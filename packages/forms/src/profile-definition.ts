/**
 * The profile as a definition (issue 11 §6): names (also in the native script), addresses, birth data,
 * identity numbers, passport, contact details and the preparer, entered once for every form. Being a
 * `FormDefinition`, the generic validator checks its formats and its State/Province rule; nothing is required.
 */
import { addressItems, item, L } from './builders.ts';
import type { FormDefinition, Item, ItemType, Localized } from './types.ts';
import { allItems } from './values.ts';

const field = (id: string, label: Localized, type: ItemType, extra: Partial<Item> = {}): Item =>
  item(id, '', label, type, null, extra);

/** A postal address block of the profile (`<prefix>.street`, …), with the State/Province rule when US-capable. */
function address(prefix: string, opts: { native?: boolean; inCareOf?: boolean } = {}) {
  return addressItems({
    ...(opts.inCareOf ? { inCareOf: { id: `${prefix}.in_care_of`, number: '', field: '' } } : {}),
    street: { id: `${prefix}.street`, number: '', field: '' },
    unitType: { id: `${prefix}.unit_type`, number: '', group: '', apt: '', ste: '', flr: '' },
    unitNumber: { id: `${prefix}.unit`, number: '', field: '' },
    city: { id: `${prefix}.city`, number: '', field: '' },
    ...(opts.native ? {} : { state: { id: `${prefix}.state`, number: '', field: '' } }),
    ...(opts.native ? {} : { zip: { id: `${prefix}.zip`, number: '', field: '' } }),
    province: { id: `${prefix}.province`, number: '', field: '' },
    postalCode: { id: `${prefix}.postal_code`, number: '', field: '' },
    country: { id: `${prefix}.country`, number: '', field: '' },
    ...(opts.native ? { native: true } : {}),
  });
}

/** Profile items carry no PDF mapping: they reach the PDFs through the form items bound to them. */
const unmapped = (items: Item[]): Item[] => items.map((it) => ({ ...it, pdf: null }));

const mailing = address('address', { inCareOf: true });
const nativeAddress = address('native_address', { native: true });
const preparerAddress = address('preparer');
const preparerNamed = { item: 'preparer.family', filled: true } as const;

export const PROFILE_DEFINITION: FormDefinition = {
  formNumber: 'PROFILE',
  edition: '1',
  editionDate: '2026-11-24',
  title: L('Profile (shared by all forms)', '个人资料（各表格共用）'),
  parts: [
    {
      id: 'name',
      number: 1,
      title: L('Name', '姓名'),
      items: [
        field('name.family', L('Family Name (Last Name)', '姓（拼音）'), 'text'),
        field('name.given', L('Given Name (First Name)', '名（拼音）'), 'text'),
        field('name.middle', L('Middle Name', '中间名（如有）'), 'text'),
        field('native.family', L('Family Name in native alphabet', '姓（中文）'), 'text'),
        field('native.given', L('Given Name in native alphabet', '名（中文）'), 'text'),
        field('native.middle', L('Middle Name in native alphabet', '中间名（中文，如有）'), 'text'),
      ],
    },
    {
      id: 'address',
      number: 2,
      title: L('Mailing Address', '通信地址'),
      items: unmapped(mailing.items),
    },
    {
      id: 'native_address',
      number: 3,
      title: L('Address in native alphabet', '中文地址'),
      items: unmapped(nativeAddress.items),
    },
    {
      id: 'birth',
      number: 4,
      title: L('Birth and Nationality', '出生与国籍'),
      items: [
        field('birth.date', L('Date of Birth', '出生日期'), 'date', { notFuture: true }),
        field('birth.city', L('City/Town/Village of Birth', '出生城市 / 镇 / 村'), 'text'),
        field('birth.province', L('State or Province of Birth', '出生州或省份'), 'text'),
        field('birth.country', L('Country of Birth', '出生国家'), 'country'),
        field('citizenship', L('Country of Citizenship or Nationality', '国籍'), 'country'),
      ],
    },
    {
      id: 'ids',
      number: 5,
      title: L('Identity Numbers and Passport', '证件号码与护照'),
      items: [
        field('ids.a_number', L('A-Number (if any)', 'A-Number（如有）'), 'a_number'),
        field('ids.ssn', L('U.S. Social Security Number (if any)', '美国社会安全号（如有）'), 'ssn'),
        field(
          'ids.uscis_account',
          L('USCIS Online Account Number (if any)', 'USCIS 在线账户号码（如有）'),
          'uscis_account',
        ),
        field('passport.number', L('Passport Number', '护照号码'), 'text'),
        field('passport.country', L('Country of Issuance for Passport', '护照签发国'), 'country'),
        field('passport.expiry', L('Passport Expiration Date', '护照有效期至'), 'date'),
      ],
    },
    {
      id: 'contact',
      number: 6,
      title: L('Contact Details', '联系方式'),
      items: [
        field('contact.day_phone', L('Daytime Telephone Number', '日间电话'), 'phone'),
        field('contact.mobile', L('Mobile Telephone Number', '手机号码'), 'phone'),
        field('contact.email', L('Email Address', '电子邮箱'), 'email'),
      ],
    },
    {
      id: 'preparer',
      number: 7,
      title: L('Preparer (if someone other than you prepares the forms)', '代填人（如由他人代为填写表格）'),
      help: L(
        'A self-petitioner who fills in the forms personally leaves this blank.',
        '自行申请人亲自填写表格时，此部分留空。',
      ),
      items: [
        field('preparer.family', L("Preparer's Family Name", '代填人姓'), 'text'),
        field('preparer.given', L("Preparer's Given Name", '代填人名'), 'text', { required: preparerNamed }),
        field('preparer.org', L("Preparer's Business or Organization Name", '代填人所在机构'), 'text'),
        ...unmapped(preparerAddress.items),
        field('preparer.day_phone', L("Preparer's Daytime Telephone Number", '代填人日间电话'), 'phone', {
          required: preparerNamed,
        }),
        field('preparer.mobile', L("Preparer's Mobile Telephone Number", '代填人手机号码'), 'phone'),
        field('preparer.email', L("Preparer's Email Address", '代填人电子邮箱'), 'email'),
        field('preparer.statement', L("Preparer's Statement", '代填人声明'), 'radio', {
          required: preparerNamed,
          options: [
            {
              value: 'not_attorney',
              label: L('Not an attorney or accredited representative', '非律师或认可代表'),
            },
            { value: 'attorney', label: L('Attorney or accredited representative', '律师或认可代表') },
          ],
        }),
        field('preparer.extends', L('Representation', '代理范围'), 'radio', {
          visibleWhen: { item: 'preparer.statement', equals: 'attorney' },
          required: { item: 'preparer.statement', equals: 'attorney' },
          options: [
            {
              value: 'extends',
              label: L('Extends beyond the preparation of the form', '超出填写表格的范围'),
            },
            {
              value: 'not_extends',
              label: L('Does not extend beyond the preparation of the form', '仅限于填写表格'),
            },
          ],
        }),
      ],
    },
  ],
  addresses: [mailing.group, preparerAddress.group].filter((g) => g !== null),
  fieldmap: null,
};

/** Every profile key (the profile definition's item ids). */
export const PROFILE_KEYS: readonly string[] = allItems(PROFILE_DEFINITION).map((i) => i.id);
