/**
 * Form I-140, Immigrant Petition for Alien Workers — edition 06/07/24 (mandatory from 2024-10-21).
 *
 * Field names come from shared/reference/uscis/fieldmaps/I-140_06-07-24_fields.tsv; MaxLen and comb flags
 * were read from the official (decrypted) PDF. Map by name and position, never by tooltip: several tooltips
 * carry the 09/30/20 numbering. Traps encoded here:
 * - Parts 1 and 3: item "Province" is the field named `…h_Province` and "Postal Code" `…g_PostalCode`.
 * - Part 2 item 1: eight sibling checkboxes `prt2PetitionType[0..7]` with scrambled on-states
 *   ([0]=e [1]=a [2]=b [3]=c [4]=d [5]=g [6]=h [7]=f) — chosen by on-state, never by index.
 * - Part 4 yes/no fields are `Line4_*` = 6.a, `Line5_*` = 7, `Line6_*` = 8, `Line7_*` = 9, `Line8_*` = 10.
 * - Part 7 persons 2–6 share `Line2*` names; country/relationship indices run P2,P3,P5,P6,P4.
 * - Parts 8/9/10/11 use `Part7_*`, `Part8_*`, `Part10_*`, `Pt9Line*` names.
 */
import {
  additionalInfoRepeat,
  additionalInfoRow,
  addressItems,
  box,
  contactBlock,
  filled,
  item,
  L,
  nameItems,
  signature,
  signatureDate,
  text,
  yesNo,
} from '../builders.ts';
import type { AddressGroup, Condition, FormDefinition, Item, Part } from '../types.ts';

const f = (subform: number, name: string) => `form1[0].#subform[${subform}].${name}`;
const yn = (subform: number, yes: string, no: string) =>
  [box(f(subform, yes), 'Y'), box(f(subform, no), 'N')] as const;

const addresses: AddressGroup[] = [];
const collect = (r: { items: Item[]; group: AddressGroup | null }): Item[] => {
  if (r.group) addresses.push(r.group);
  return r.items;
};

// ------------------------------------------------------------------------------------------- header box

const header: Part = {
  id: 'attorney',
  number: 0,
  title: L(
    'To be completed by an Attorney or Accredited Representative (if any)',
    '由律师或认可代表填写（如有）',
  ),
  help: L(
    'Self-petitioners without an attorney leave this box blank.',
    '没有委托律师的自行申请人，此栏留空即可。',
  ),
  items: [
    item(
      'p0.g28',
      '',
      L('Select this box if Form G-28 or Form G-28I is attached', '已附 G-28 或 G-28I 表格'),
      'checkbox',
      { kind: 'checkbox', field: f(0, 'G28CheckBox[0]'), onValue: 'Y' },
    ),
    item(
      'p0.bar',
      '',
      L('Attorney State Bar Number (if applicable)', '律师州律师协会执照号（如适用）'),
      'text',
      text(f(0, 'attyStateBarNumber[0]')),
      { maxLength: 15 },
    ),
    item(
      'p0.account',
      '',
      L(
        'Attorney or Accredited Representative USCIS Online Account Number (if any)',
        '律师或认可代表的 USCIS 在线账户号码（如有）',
      ),
      'uscis_account',
      text(f(0, 'attyUSCISOnlineNum[0]')),
      { maxLength: 12, comb: true },
    ),
  ],
};

// ----------------------------------------------------------------------------------------------- Part 1

const isCompany: Condition = filled('p1.2');
const part1: Part = {
  id: 'p1',
  number: 1,
  title: L('Information About the Person or Organization Filing This Petition', '申请人（个人或机构）信息'),
  help: L(
    'An individual answers 1.a–1.c; a company or organization answers item 2. Self-petitioners enter their own name.',
    '个人申请填写 1.a–1.c，公司或机构申请填写第 2 项。自行申请人在此填写本人姓名。',
  ),
  items: [
    ...nameItems(
      'p1.1',
      {
        family: f(0, 'Pt1Line1a_FamilyName[0]'),
        given: f(0, 'Pt1Line1b_GivenName[0]'),
        middle: f(0, 'Pt1Line1c_MiddleName[0]'),
      },
      { required: { not: isCompany } },
    ),
    item(
      'p1.2',
      '2.',
      L('Company or Organization Name', '公司或机构名称'),
      'text',
      text(f(0, 'Line2_CompanyName[0]')),
      {
        maxLength: 34,
        required: {
          all: [
            { item: 'p1.1a', filled: false },
            { item: 'p1.1b', filled: false },
          ],
        },
        help: L(
          'Only when a company or organization files. A self-petitioner leaves it blank (or writes N/A).',
          '仅公司或机构申请时填写。自行申请人留空（或填写 N/A）。',
        ),
      },
    ),
    ...collect(
      addressItems({
        inCareOf: { id: 'p1.3a', number: '3.a', field: f(0, 'Line6a_InCareofName[0]'), maxLength: 34 },
        street: { id: 'p1.3b', number: '3.b', field: f(0, 'Line6b_StreetNumberName[0]'), maxLength: 34 },
        unitType: {
          id: 'p1.3c_type',
          number: '3.c',
          group: 'Line6c_Unit',
          apt: f(0, 'Line6c_Unit[2]'),
          ste: f(0, 'Line6c_Unit[0]'),
          flr: f(0, 'Line6c_Unit[1]'),
        },
        unitNumber: { id: 'p1.3c', number: '3.c', field: f(0, 'Line6c_AptSteFlrNumber[0]'), maxLength: 6 },
        city: { id: 'p1.3d', number: '3.d', field: f(0, 'Line6d_CityOrTown[0]') },
        state: { id: 'p1.3e', number: '3.e', field: f(0, 'Line6e_State[0]') },
        zip: { id: 'p1.3f', number: '3.f', field: f(0, 'Line6f_ZipCode[0]'), maxLength: 5 },
        // The printed 3.g Province is the field named Line6h_Province, 3.h Postal Code is Line6g_PostalCode.
        province: { id: 'p1.3g', number: '3.g', field: f(0, 'Line6h_Province[0]') },
        postalCode: { id: 'p1.3h', number: '3.h', field: f(0, 'Line6g_PostalCode[0]') },
        country: { id: 'p1.3i', number: '3.i', field: f(0, 'Line6i_Country[0]') },
        required: true,
      }),
    ),
    item(
      'p1.4',
      '4.',
      L('IRS Employer Identification Number (EIN)', '美国国税局雇主识别号（EIN）'),
      'ein',
      text(f(0, 'Pt1Line3_TaxNumber[0]')),
      {
        maxLength: 9,
        comb: true,
        help: L('Self-petitioners usually leave this blank.', '自行申请人通常无需填写。'),
      },
    ),
    yesNo(
      'p1.5',
      '5.',
      L(
        'Are you a nonprofit organized as tax exempt or a governmental research organization?',
        '您是否为免税非营利组织或政府研究机构？',
      ),
      ...yn(0, 'P1_Line5_Checkbox[1]', 'P1_Line5_Checkbox[0]'),
      {
        required: true,
        help: L(
          'Must not be left blank (USCIS rejects the petition). A self-petitioner answers "No".',
          '此题不可留空，否则移民局会拒收。自行申请人请选"否"。',
        ),
      },
    ),
    yesNo(
      'p1.6',
      '6.',
      L(
        'Do you currently employ a total of 25 or fewer full-time equivalent employees in the United States, including all affiliates or subsidiaries of this company/organization?',
        '您（包括所有关联公司及子公司）目前在美国雇用的全职等效员工是否不超过 25 人？',
      ),
      ...yn(0, 'P1_Line6_Checkbox[1]', 'P1_Line6_Checkbox[0]'),
      {
        required: true,
        help: L(
          'Must not be left blank. A self-petitioner answers "Yes", which sets the Asylum Program Fee at $300.',
          '此题不可留空。自行申请人请选"是"，对应 300 美元的庇护项目费。',
        ),
      },
    ),
    item(
      'p1.7',
      '7.',
      L('U.S. Social Security Number (SSN) (if any)', '美国社会安全号（SSN，如有）'),
      'ssn',
      text(f(0, 'Line7_SSN[0]')),
      { maxLength: 9, comb: true },
    ),
    item(
      'p1.8',
      '8.',
      L('USCIS Online Account Number (if any)', 'USCIS 在线账户号码（如有）'),
      'uscis_account',
      text(f(0, '#area[1].Pt1Line8_USCISOnlineActNumber[0]')),
      { maxLength: 12, comb: true },
    ),
  ],
};

// ----------------------------------------------------------------------------------------------- Part 2

const PETITION_TYPES: [string, string, string, number][] = [
  ['a', 'An alien of extraordinary ability.', '杰出人才（EB-1A）', 1],
  ['b', 'An outstanding professor or researcher.', '杰出教授或研究人员（EB-1B）', 2],
  ['c', 'A multinational executive or manager.', '跨国公司高管或经理（EB-1C）', 3],
  [
    'd',
    'A member of the professions holding an advanced degree or an alien of exceptional ability (who is NOT seeking a National Interest Waiver (NIW)).',
    '持高等学位的专业人士或具有特殊能力的人士（不申请国家利益豁免）',
    4,
  ],
  [
    'e',
    "A professional (at a minimum, possessing a bachelor's degree or a foreign degree equivalent to a U.S. bachelor's degree).",
    '专业人士（至少持有美国学士学位或同等外国学位）',
    0,
  ],
  [
    'f',
    'A skilled worker (requiring at least two years of specialized training or experience).',
    '技术工人（需至少两年专业培训或工作经验）',
    7,
  ],
  [
    'g',
    'Any other worker (requiring less than two years of training or experience).',
    '其他工人（所需培训或经验少于两年）',
    5,
  ],
  [
    'h',
    'An alien applying for an NIW (who IS a member of the professions holding an advanced degree or an alien of exceptional ability).',
    '申请国家利益豁免（NIW）的人士（持高等学位的专业人士或具有特殊能力的人士）',
    6,
  ],
];
const petitionTypeField = (index: number) => f(index < 5 ? 0 : 1, `prt2PetitionType[${index}]`);

const part2: Part = {
  id: 'p2',
  number: 2,
  title: L('Petition Type', '申请类别'),
  items: [
    item(
      'p2.1',
      '1.',
      L('This petition is being filed for (select only one box)', '本申请所属类别（只选一项）'),
      'radio',
      {
        kind: 'radio',
        group: 'prt2PetitionType',
        members: PETITION_TYPES.map(([v, , , index]) => box(petitionTypeField(index), v)),
      },
      {
        required: true,
        options: PETITION_TYPES.map(([v, en, zh]) => ({
          value: v,
          label: L(`1.${v}. ${en}`, `1.${v}. ${zh}`),
          pdf: v,
        })),
        help: L('EB-1A: select 1.a. EB-2 NIW: select 1.h.', 'EB-1A 请选 1.a；EB-2 NIW 请选 1.h。'),
      },
    ),
    item(
      'p2.2',
      '2.',
      L('This petition is being filed (select only one box)', '本申请的提交情形（只选一项，不适用可不选）'),
      'radio',
      {
        kind: 'radio',
        group: 'Line2_Petition',
        members: [box(f(1, 'Line2_Petition[0]'), 'A'), box(f(1, 'Line2_Petition[1]'), 'S')],
      },
      {
        options: [
          {
            value: 'amend',
            label: L('2.a. To amend a previously filed petition.', '2.a. 修改此前已提交的申请'),
            pdf: 'A',
          },
          {
            value: 'schedule_a',
            label: L(
              '2.b. For the Schedule A, Group I or II designation.',
              '2.b. 申请 Schedule A 第一或第二类认定',
            ),
            pdf: 'S',
          },
        ],
        help: L('A first-time self-petition leaves both boxes blank.', '首次自行申请时，两项都不选。'),
      },
    ),
    item(
      'p2.2a',
      '2.a.',
      L('Previous Petition Receipt Number', '原申请的收据号码'),
      'receipt',
      text(f(1, 'Line2aReceipt[0].Line2a_ReceiptNumber[0]')),
      {
        maxLength: 13,
        comb: true,
        visibleWhen: { item: 'p2.2', equals: 'amend' },
        required: { item: 'p2.2', equals: 'amend' },
      },
    ),
  ],
};

// ----------------------------------------------------------------------------------------------- Part 3

const part3: Part = {
  id: 'p3',
  number: 3,
  title: L('Information About the Person for Whom You Are Filing', '受益人信息'),
  help: L('For a self-petition, this is you again.', '自行申请时，受益人就是您本人。'),
  items: [
    ...nameItems(
      'p3.1',
      {
        family: f(1, 'Pt3Line1a_FamilyName[0]'),
        given: f(1, 'Pt3Line1b_GivenName[0]'),
        middle: f(1, 'Pt3Line1c_MiddleName[0]'),
      },
      { required: true },
    ),
    ...collect(
      addressItems({
        inCareOf: { id: 'p3.2a', number: '2.a', field: f(1, 'Line2a_InCareofName[0]'), maxLength: 34 },
        street: { id: 'p3.2b', number: '2.b', field: f(1, 'Line2b_StreetNumberName[0]'), maxLength: 34 },
        unitType: {
          id: 'p3.2c_type',
          number: '2.c',
          group: 'Line2c_Unit',
          apt: f(1, 'Line2c_Unit[2]'),
          ste: f(1, 'Line2c_Unit[0]'),
          flr: f(1, 'Line2c_Unit[1]'),
        },
        unitNumber: { id: 'p3.2c', number: '2.c', field: f(1, 'Line2c_AptSteFlrNumber[0]'), maxLength: 6 },
        city: { id: 'p3.2d', number: '2.d', field: f(1, 'Line2d_CityOrTown[0]') },
        state: { id: 'p3.2e', number: '2.e', field: f(1, 'Line2e_State[0]') },
        zip: { id: 'p3.2f', number: '2.f', field: f(1, 'Line2f_ZipCode[0]'), maxLength: 5 },
        province: { id: 'p3.2g', number: '2.g', field: f(1, 'Line2h_Province[0]') },
        postalCode: { id: 'p3.2h', number: '2.h', field: f(1, 'Line2g_PostalCode[0]') },
        country: { id: 'p3.2i', number: '2.i', field: f(1, 'Line2i_Country[0]') },
        required: true,
      }),
    ),
    item('p3.3', '3.', L('Date of Birth', '出生日期'), 'date', text(f(1, 'Line5_DateOfBirth[0]')), {
      required: true,
      notFuture: true,
    }),
    item(
      'p3.4',
      '4.',
      L('City/Town/Village of Birth', '出生城市 / 镇 / 村'),
      'text',
      text(f(1, 'Line6_CityTownOfBirth[0]')),
      {
        required: true,
      },
    ),
    item(
      'p3.5',
      '5.',
      L('State or Province of Birth', '出生州或省份'),
      'text',
      text(f(1, 'Line7_StateProvinceOfBirth[0]')),
    ),
    item('p3.6', '6.', L('Country of Birth', '出生国家'), 'country', text(f(1, 'Line8_Country[0]')), {
      required: true,
    }),
    item(
      'p3.7',
      '7.',
      L('Country of Citizenship or Nationality', '国籍'),
      'country',
      text(f(1, 'Line9_Country[0]')),
      { required: true },
    ),
    item(
      'p3.8',
      '8.',
      L('Alien Registration Number (A-Number) (if any)', '外国人登记号（A-Number，如有）'),
      'a_number',
      text(f(1, 'Line11_Alien[0].Pt3Line8_AlienNumber[0]')),
      { maxLength: 9, comb: true },
    ),
    item(
      'p3.9',
      '9.',
      L('U.S. SSN (if any)', '美国社会安全号（SSN，如有）'),
      'ssn',
      text(f(1, 'Line12_SSN[0]')),
      {
        maxLength: 9,
        comb: true,
      },
    ),
    item(
      'p3.10',
      '10.',
      L('Date of Last Arrival', '最近一次入境美国的日期'),
      'date',
      text(f(1, 'Line13_DateOArrival[0]')),
      {
        notFuture: true,
        help: L(
          'Items 10–15: only if the person is in the United States.',
          '第 10–15 项：仅当受益人目前在美国境内时填写。',
        ),
      },
    ),
    item(
      'p3.11a',
      '11.a',
      L('Form I-94 Arrival-Departure Record Number', 'I-94 出入境记录号'),
      'text',
      text(f(1, 'Line14_I94Number[0].Line14a_ArrivalDeparture[0]')),
      { maxLength: 11, comb: true },
    ),
    item(
      'p3.11b',
      '11.b',
      L('Expiration Date of Authorized Stay Shown on Form I-94', 'I-94 上显示的合法停留截止日期'),
      'date',
      text(f(1, 'Line14e_ExpDate[1]')),
      {
        help: L(
          'If Form I-94 shows "D/S" (duration of status) instead of a date, explain it in Part 11.',
          '如 I-94 上显示 D/S（身份有效期内）而非具体日期，请在第 11 部分说明。',
        ),
      },
    ),
    item(
      'p3.11c',
      '11.c',
      L(
        'Status on Form I-94 (for example, class of admission, or paroled, if paroled)',
        'I-94 上的身份（如入境类别；如为假释入境请注明）',
      ),
      'text',
      text(f(1, 'Line15_CurrentNon[0]')),
    ),
    item('p3.12', '12.', L('Passport Number', '护照号码'), 'text', text(f(1, 'Line14b_Passport[0]'))),
    item(
      'p3.13',
      '13.',
      L('Travel Document Number', '旅行证件号码'),
      'text',
      text(f(1, 'Line14c_TravelDoc[0]')),
    ),
    item(
      'p3.14',
      '14.',
      L('Country of Issuance for Passport or Travel Document', '护照或旅行证件签发国'),
      'country',
      text(f(1, 'Line14d_CountryOfIssuance[0]')),
      { required: { any: [filled('p3.12'), filled('p3.13')] } },
    ),
    item(
      'p3.15',
      '15.',
      L('Expiration Date for Passport or Travel Document', '护照或旅行证件有效期至'),
      'date',
      text(f(1, 'Line14e_ExpDate[0]')),
      { required: { any: [filled('p3.12'), filled('p3.13')] } },
    ),
  ],
};

// ----------------------------------------------------------------------------------------------- Part 4

const consular: Condition = { item: 'p4.1', equals: 'consular' };
const adjustment: Condition = { item: 'p4.1', equals: 'adjustment' };
const part3InUS: Condition = { item: 'p3.2i', isUS: true };
const otherPetitions: Condition = { item: 'p4.6a', equals: 'yes' };

const part4: Part = {
  id: 'p4',
  number: 4,
  title: L('Processing Information', '办理信息'),
  items: [
    item(
      'p4.1',
      '1.a / 2.a',
      L(
        'Provide the following information for the person named in Part 3 (select only one box)',
        '受益人获批后的办理方式（只选一项）',
      ),
      'radio',
      {
        kind: 'checkboxes',
        boxes: {
          consular: box(f(1, 'Line1a_Visa[0]'), '1a'),
          adjustment: box(f(1, 'Line1b_Status[0]'), '1b'),
        },
      },
      {
        // The approved filing left it blank; USCIS intake does not reject for it (decision 0056).
        recommended: true,
        help: L(
          'How the beneficiary will apply for the green card once the petition is approved. USCIS does not reject a petition left blank here, but answer it if you know.',
          '申请获批后受益人办理绿卡的方式。此项留空不会导致移民局拒收，但如已确定请填写。',
        ),
        options: [
          {
            value: 'consular',
            label: L(
              '1.a. Alien will apply for a visa abroad at a U.S. Embassy or U.S. Consulate at:',
              '1.a. 在美国境外的美国使领馆申请移民签证（领事馆程序）',
            ),
          },
          {
            value: 'adjustment',
            label: L(
              '2.a. Alien is in the United States and will apply for adjustment of status to that of lawful permanent resident.',
              '2.a. 受益人在美国境内，将申请调整身份为永久居民',
            ),
          },
        ],
      },
    ),
    item('p4.1b', '1.b', L('City or Town', '使领馆所在城市'), 'text', text(f(1, 'Line1a_CityorTown[0]')), {
      visibleWhen: consular,
      required: consular,
    }),
    item('p4.1c', '1.c', L('Country', '使领馆所在国家'), 'country', text(f(1, 'Line1a_Country[0]')), {
      visibleWhen: consular,
      required: consular,
    }),
    item(
      'p4.2b',
      '2.b',
      L(
        "Alien's current country of residence or, if now in the United States, last country of permanent residence abroad",
        '受益人目前的居住国；如现在美国境内，则填写在国外的最后永久居住国',
      ),
      'country',
      text(f(2, 'Line1b_Country[0]')),
      { visibleWhen: adjustment, required: adjustment },
    ),
    ...collect(
      addressItems({
        street: { id: 'p4.3a', number: '3.a', field: f(2, 'Line2a_StreetNumberName[0]'), maxLength: 34 },
        unitType: {
          id: 'p4.3b_type',
          number: '3.b',
          group: 'Line2b_Unit',
          apt: f(2, 'Line2b_Unit[2]'),
          ste: f(2, 'Line2b_Unit[0]'),
          flr: f(2, 'Line2b_Unit[1]'),
        },
        unitNumber: { id: 'p4.3b', number: '3.b', field: f(2, 'Line2b_AptSteFlrNumber[0]'), maxLength: 6 },
        city: { id: 'p4.3c', number: '3.c', field: f(2, 'Line2c_CityOrTown[0]') },
        province: { id: 'p4.3d', number: '3.d', field: f(2, 'Line2e_Province[0]') },
        postalCode: { id: 'p4.3e', number: '3.e', field: f(2, 'Line2d_PostalCode[0]') },
        country: { id: 'p4.3f', number: '3.f', field: f(2, 'Line2f_Country[0]') },
        required: part3InUS,
        visibleWhen: part3InUS,
      }),
    ),
    ...nameItems(
      'p4.4',
      {
        family: f(2, 'Line3a_FamilyName2[0]'),
        given: f(2, 'Line3b_GivenName2[0]'),
        middle: f(2, 'Line3c_MiddleName2[0]'),
      },
      { native: true },
    ),
    ...collect(
      addressItems({
        inCareOf: { id: 'p4.5a', number: '5.a', field: f(2, 'Line2a_InCareofName[1]'), maxLength: 34 },
        street: { id: 'p4.5b', number: '5.b', field: f(2, 'Line3d_StreetNumberName[0]'), maxLength: 34 },
        unitType: {
          id: 'p4.5c_type',
          number: '5.c',
          group: 'Line3e_Unit',
          apt: f(2, 'Line3e_Unit[2]'),
          ste: f(2, 'Line3e_Unit[0]'),
          flr: f(2, 'Line3e_Unit[1]'),
        },
        unitNumber: { id: 'p4.5c', number: '5.c', field: f(2, 'Line3e_AptSteFlrNumber[0]'), maxLength: 6 },
        city: { id: 'p4.5d', number: '5.d', field: f(2, 'Line3f_CityOrTown[0]') },
        province: { id: 'p4.5e', number: '5.e', field: f(2, 'Line3h_Province[0]') },
        postalCode: { id: 'p4.5f', number: '5.f', field: f(2, 'Line3g_PostalCode[0]') },
        country: { id: 'p4.5g', number: '5.g', field: f(2, 'Line3i_Country[0]') },
        native: true,
      }),
    ),
    yesNo(
      'p4.6a',
      '6.a',
      L(
        'Are you filing any other petitions or applications with this Form I-140?',
        '您是否随本 I-140 同时提交其他申请？',
      ),
      ...yn(2, 'Line4_Yes[0]', 'Line4_No[0]'),
      { required: true },
    ),
    item(
      'p4.6b_i485',
      '6.b',
      L('Form I-485', 'I-485 表（调整身份申请）'),
      'checkbox',
      {
        kind: 'checkbox',
        field: f(2, 'Line4_Form485[0]'),
        onValue: 'Y',
      },
      { visibleWhen: otherPetitions },
    ),
    item(
      'p4.6b_i131',
      '6.b',
      L('Form I-131', 'I-131 表（旅行证件申请）'),
      'checkbox',
      {
        kind: 'checkbox',
        field: f(2, 'Line4_Form131[0]'),
        onValue: 'Y',
      },
      { visibleWhen: otherPetitions },
    ),
    item(
      'p4.6b_i765',
      '6.b',
      L('Form I-765', 'I-765 表（工作许可申请）'),
      'checkbox',
      {
        kind: 'checkbox',
        field: f(2, 'Line4_Form765[0]'),
        onValue: 'Y',
      },
      { visibleWhen: otherPetitions },
    ),
    item(
      'p4.6b_other',
      '6.b',
      L(
        'Other (Provide an explanation in Part 11. Additional Information.)',
        '其他（请在第 11 部分"补充信息"中说明）',
      ),
      'checkbox',
      { kind: 'checkbox', field: f(2, 'Line4_OtherAttach[0]'), onValue: 'Y' },
      { visibleWhen: otherPetitions },
    ),
    yesNo(
      'p4.7',
      '7.',
      L('Is the person for whom you are filing in removal proceedings?', '受益人目前是否处于遣返程序中？'),
      ...yn(2, 'Line5_Yes[0]', 'Line5_No[0]'),
      { required: true },
    ),
    yesNo(
      'p4.8',
      '8.',
      L(
        'Has any immigrant visa petition ever been filed by or on behalf of this person?',
        '此前是否有人为受益人（或受益人本人）提交过任何移民签证申请？',
      ),
      ...yn(2, 'Line6_Yes[0]', 'Line6_No[0]'),
      { required: true },
    ),
    yesNo(
      'p4.9',
      '9.',
      L(
        'Are you filing this petition without an original labor certification because the original labor certification was previously submitted in support of another Form I-140?',
        '您提交本申请时未附劳工证原件，是否因为原件已随另一份 I-140 提交？',
      ),
      ...yn(2, 'Line7_Yes[0]', 'Line7_No[0]'),
      {
        required: true,
        help: L(
          'EB-1A and NIW need no labor certification: answer "No".',
          'EB-1A 和 NIW 无需劳工证，请选"否"。',
        ),
      },
    ),
    yesNo(
      'p4.10',
      '10.',
      L(
        'If you are filing this petition without an original labor certification, are you requesting that USCIS request a duplicate labor certification from the Department of Labor (DOL)?',
        '如未附劳工证原件，您是否请求移民局向美国劳工部调取劳工证副本？',
      ),
      ...yn(2, 'Line8_Yes[0]', 'Line8_No[0]'),
      { required: { item: 'p4.9', equals: 'yes' } },
    ),
  ],
  help: L(
    'If you answer "Yes" to items 6.a–10, give the case number, office location, date of decision and disposition in Part 11.',
    '第 6.a–10 项如有回答"是"，请在第 11 部分写明案件号、受理机构所在地、决定日期及处理结果。',
  ),
};

// ----------------------------------------------------------------------------------------------- Part 5

const employer: Condition = { item: 'p5.1', equals: 'employer' };
const individual: Condition = { item: 'p5.1', in: ['self', 'other'] };

const part5: Part = {
  id: 'p5',
  number: 5,
  title: L('Additional Information About the Petitioner', '申请人补充信息'),
  items: [
    item(
      'p5.1',
      '1.',
      L('Type of petitioner (select only one box)', '申请人类型（只选一项）'),
      'radio',
      {
        kind: 'checkboxes',
        boxes: {
          employer: box(f(2, 'Line1a_Employer[0]'), 'Y'),
          self: box(f(2, 'Line1b_Self[0]'), 'Y'),
          other: box(f(2, 'Line1c_Other[0]'), 'Y'),
        },
      },
      {
        required: true,
        options: [
          { value: 'employer', label: L('1.a. Employer', '1.a. 雇主') },
          { value: 'self', label: L('1.b. Self', '1.b. 本人（自行申请）') },
          {
            value: 'other',
            label: L(
              '1.c. Other (For example, Lawful Permanent Resident, U.S. citizen or any other person filing on behalf of the alien)',
              '1.c. 其他（例如代为申请的美国永久居民、美国公民或其他人）',
            ),
          },
        ],
        help: L('Self-petitioners select 1.b Self.', '自行申请人请选 1.b"本人"。'),
      },
    ),
    item('p5.1c', '1.c', L('Explain', '请说明'), 'text', text(f(2, 'Line1c_Explain[0]')), {
      maxLength: 34,
      visibleWhen: { item: 'p5.1', equals: 'other' },
      required: { item: 'p5.1', equals: 'other' },
    }),
    item('p5.2', '2.', L('Type of Business', '业务类型'), 'text', text(f(2, 'Line2a_TypeofBusiness[0]')), {
      maxLength: 34,
      visibleWhen: employer,
      required: employer,
    }),
    item('p5.3', '3.', L('Date Established', '成立日期'), 'date', text(f(2, 'Line2b_DateEstablished[0]')), {
      visibleWhen: employer,
      required: employer,
      notFuture: true,
    }),
    item(
      'p5.4',
      '4.',
      L('Current Number of U.S. Employees', '目前在美国的员工人数'),
      'number',
      text(f(2, 'Line2c_NumberofEmployees[0]')),
      { visibleWhen: employer, required: employer },
    ),
    item(
      'p5.5',
      '5.',
      L('Gross Annual Income', '年总收入（美元）'),
      'money',
      text(f(2, 'Line2d_GrossAnnualIncome[0]')),
      {
        visibleWhen: employer,
        required: employer,
      },
    ),
    item(
      'p5.6',
      '6.',
      L('Net Annual Income', '年净收入（美元）'),
      'money',
      text(f(2, 'Line2e_NetAnnualIncome[0]')),
      {
        visibleWhen: employer,
        required: employer,
      },
    ),
    item(
      'p5.7',
      '7.',
      L('NAICS Code', '北美行业分类代码（NAICS）'),
      'digits',
      text(f(2, 'Line2f[0].Line2f_NAICSCode[0]')),
      {
        maxLength: 6,
        comb: true,
        digits: { min: 2, max: 6 },
        visibleWhen: employer,
      },
    ),
    item(
      'p5.8',
      '8.',
      L('Labor Certification DOL Case Number', '劳工证（DOL）案件号'),
      'text',
      text(f(2, 'Line2g_LaborCertification[0]')),
      { maxLength: 11, visibleWhen: employer },
    ),
    item(
      'p5.9',
      '9.',
      L('Labor Certification DOL Filing Date', '劳工证提交日期'),
      'date',
      text(f(3, 'Line2h_LaborCertification[0]')),
      { visibleWhen: employer },
    ),
    item(
      'p5.10',
      '10.',
      L('Labor Certification Expiration Date', '劳工证有效期至'),
      'date',
      text(f(3, 'Line2i_LaborCertificationDate[0]')),
      { visibleWhen: employer },
    ),
    item('p5.11', '11.', L('Occupation', '职业'), 'text', text(f(3, 'Line3a_Occupation[0]')), {
      visibleWhen: individual,
      required: individual,
    }),
    item(
      'p5.12',
      '12.',
      L('Annual Income', '年收入（美元）'),
      'money',
      text(f(3, 'Line3b_AnnualIncome[0]')),
      {
        visibleWhen: individual,
      },
    ),
  ],
};

// ----------------------------------------------------------------------------------------------- Part 6

const worksite = addressItems({
  street: { id: 'p6.9a', number: '9.a', field: f(3, 'Line9a_StreetNumberName[0]'), maxLength: 34 },
  unitType: {
    id: 'p6.9b_type',
    number: '9.b',
    group: 'Line9b_Unit',
    apt: f(3, 'Line9b_Unit[2]'),
    ste: f(3, 'Line9b_Unit[0]'),
    flr: f(3, 'Line9b_Unit[1]'),
  },
  unitNumber: { id: 'p6.9b', number: '9.b', field: f(3, 'Line9b_AptSteFlrNumber[0]'), maxLength: 6 },
  city: { id: 'p6.9c', number: '9.c', field: f(3, 'Line9c_CityOrTown[0]'), maxLength: 20 },
  state: { id: 'p6.9d', number: '9.d', field: f(3, 'Line9d_State[0]') },
  zip: { id: 'p6.9e', number: '9.e', field: f(3, 'Line9e_ZipCode[0]'), maxLength: 5 },
  required: { any: [filled('p6.9a'), filled('p6.9c'), filled('p6.9d'), filled('p6.9e')] },
});

const part6: Part = {
  id: 'p6',
  number: 6,
  title: L('Basic Information About the Proposed Employment', '拟从事工作的基本信息'),
  items: [
    item('p6.1', '1.', L('Job Title', '职位名称'), 'text', text(f(3, 'Line1_JobTitle[0]')), {
      maxLength: 31,
      required: true,
    }),
    item(
      'p6.2',
      '2.',
      L('SOC Code', '标准职业分类代码（SOC，格式 NN-NNNN）'),
      'digits',
      {
        kind: 'split',
        fields: [
          { field: f(3, 'Line2_SOCCode1[0]'), length: 2 },
          { field: f(3, 'Line2_SOCCode2[0]'), length: 4 },
        ],
      },
      {
        digits: { min: 2, max: 6 },
        padDigitsTo: 6,
        comb: true,
        required: true,
        help: L(
          'Six digits, e.g. 19-1029. A shorter code gets zeros on the right: 15-100 is printed 15-1000 (I-140 instructions).',
          '六位数字，例如 19-1029。较短的代码在右侧补零：15-100 打印为 15-1000（I-140 填表说明）。',
        ),
      },
    ),
    item(
      'p6.3',
      '3.',
      L('Nontechnical Job Description', '非技术性的工作描述'),
      'textarea',
      text(f(3, 'Line3_JobDescription[0]')),
      { required: true },
    ),
    yesNo(
      'p6.4',
      '4.',
      L('Is this a full-time position?', '是否为全职职位？'),
      ...yn(3, 'Line4_Yes1[0]', 'Line4_No1[0]'),
      {
        required: true,
      },
    ),
    item(
      'p6.5',
      '5.',
      L(
        'If the answer to Item Number 4. is "No," how many hours per week for the position?',
        '如第 4 项为"否"，每周工作多少小时？',
      ),
      'number',
      text(f(3, 'Line5_Hours[0]')),
      { maxLength: 3, visibleWhen: { item: 'p6.4', equals: 'no' }, required: { item: 'p6.4', equals: 'no' } },
    ),
    yesNo(
      'p6.6',
      '6.',
      L('Is this a permanent position?', '是否为长期职位？'),
      ...yn(3, 'Line6_Yes1[0]', 'Line6_No1[0]'),
      {
        required: true,
      },
    ),
    yesNo(
      'p6.7',
      '7.',
      L('Is this a new position?', '是否为新设职位？'),
      ...yn(3, 'Line7_Yes1[0]', 'Line7_No1[0]'),
      {
        required: true,
      },
    ),
    item('p6.8', '8.', L('Wages', '工资（美元）'), 'money', text(f(3, 'Line8_Wages[0]'))),
    item(
      'p6.8_per',
      '8.',
      L('per (Specify hour, week, month, or year)', '计薪周期（每小时、每周、每月或每年）'),
      'select',
      text(f(3, 'Line8_Per[0]')),
      {
        maxLength: 5,
        required: filled('p6.8'),
        options: [
          { value: 'hour', label: L('hour', '每小时'), pdf: 'hour' },
          { value: 'week', label: L('week', '每周'), pdf: 'week' },
          { value: 'month', label: L('month', '每月'), pdf: 'month' },
          { value: 'year', label: L('year', '每年'), pdf: 'year' },
        ],
      },
    ),
    ...collect(worksite),
  ],
};

// ----------------------------------------------------------------------------------------------- Part 7

/** Field names of persons 2–6 (`Line2*[k]`): k for names/birth dates, and the shuffled k for country/relationship. */
const PERSON_INDEX: Record<number, { k: number; cr: number }> = {
  2: { k: 0, cr: 0 },
  3: { k: 1, cr: 1 },
  4: { k: 2, cr: 4 },
  5: { k: 3, cr: 2 },
  6: { k: 4, cr: 3 },
};

function person(n: number): Item[] {
  const base = 6 * (n - 1);
  const sf = n <= 2 ? 3 : 4;
  const fam =
    n === 1
      ? {
          family: f(3, 'Line1a_Person1FamilyName[0]'),
          given: f(3, 'Line1b_Person1GivenName[0]'),
          middle: f(3, 'Line1c_Person1MiddleName[0]'),
          dob: f(3, 'Line1d_Person1DateOfBirth[0]'),
          country: f(3, 'Line1e_CountryOfBirth[0]'),
          relationship: f(3, 'Line1f_Relationship[0]'),
        }
      : (() => {
          const { k, cr } = PERSON_INDEX[n]!;
          const s = n === 2 ? 3 : 4;
          return {
            family: f(s, `Line2a_Person2FamilyName[${k}]`),
            given: f(s, `Line2b_Person2GivenName[${k}]`),
            middle: f(s, `Line2c_Person2MiddleName[${k}]`),
            dob: f(s, `Line2d_DateOfBirth[${k}]`),
            country: f(s, `Line2e_CountryOfBirth[${cr}]`),
            relationship: f(s, `Line2f_Relationship[${cr}]`),
          };
        })();
  const id = (x: number | string) => `p7.${x}`;
  const started = filled(id(`${base + 1}a`));
  const who = L(`Person ${n}:`, `家庭成员 ${n}：`);
  const lab = (en: string, zh: string) => L(`${who.en} ${en}`, `${who.zh}${zh}`);
  return [
    ...nameItems(
      id(base + 1),
      { family: fam.family, given: fam.given, middle: fam.middle },
      { whose: who },
    ).map((it, i) => (i === 1 ? { ...it, required: started } : it)),
    item(id(base + 2), `${base + 2}.`, lab('Date of Birth', '出生日期'), 'date', text(fam.dob), {
      required: started,
      notFuture: true,
    }),
    item(id(base + 3), `${base + 3}.`, lab('Country of Birth', '出生国家'), 'country', text(fam.country), {
      required: started,
    }),
    item(
      id(base + 4),
      `${base + 4}.`,
      lab('Relationship', '与受益人的关系'),
      'text',
      text(fam.relationship),
      {
        maxLength: 28,
        required: started,
        help: L('For example: Spouse, Child.', '例如：Spouse（配偶）、Child（子女），请用英文填写。'),
      },
    ),
    yesNo(
      id(base + 5),
      `${base + 5}.`,
      lab('Is he or she applying for adjustment of status?', '是否申请调整身份？'),
      ...yn(sf, `Pt7ItemNumber${base + 5}_CheckboxYes[0]`, `Pt7ItemNumber${base + 5}_CheckboxNo[0]`),
      { required: started },
    ),
    yesNo(
      id(base + 6),
      `${base + 6}.`,
      lab('Is he or she applying for a visa abroad?', '是否在境外申请签证？'),
      ...yn(sf, `Pt7ItemNumber${base + 6}_CheckboxYes[0]`, `Pt7ItemNumber${base + 6}_CheckboxNo[0]`),
      { required: started },
    ),
  ];
}

const persons = [1, 2, 3, 4, 5, 6].map(person);

const part7: Part = {
  id: 'p7',
  number: 7,
  title: L(
    'Information About the Spouse and All Children of the Person for Whom You Are Filing',
    '受益人配偶及所有子女的信息',
  ),
  help: L(
    'Room for six persons; list further family members in Part 11.',
    '表格最多可填六人，其余家庭成员请在第 11 部分补充。',
  ),
  items: persons.flat(),
  repeat: { label: L('Person', '家庭成员'), rows: persons.map((p) => p.map((it) => it.id)) },
};

// ----------------------------------------------------------------------------------------------- Part 8

const part8: Part = {
  id: 'p8',
  number: 8,
  title: L(
    'Contact Information, Certification, and Signature of the Petitioner or Authorized Signatory',
    '申请人（或授权签字人）的联系方式、声明与签名',
  ),
  items: [
    ...nameItems(
      'p8.1',
      { family: f(5, 'Part7_Item3a_FamilyName[0]'), given: f(5, 'Part7_Item3b_GivenName[0]') },
      { required: true, whose: L("Petitioner's or Authorized Signatory's", '申请人或授权签字人') },
    ),
    item(
      'p8.2',
      '2.',
      L("Petitioner's or Authorized Signatory's Title", '申请人或授权签字人的职务'),
      'text',
      text(f(5, 'Part7_Item4_Title[0]')),
      { maxLength: 30 },
    ),
    item(
      'p8.3',
      '3.',
      L("Petitioner's or Authorized Signatory's Daytime Telephone Number", '日间电话'),
      'phone',
      text(f(5, 'Part7_Item5_DayPhone[0]')),
      {
        maxLength: 10,
        required: true,
        help: L(
          'The form has 10 boxes (a U.S. number). Give a longer foreign number in Part 11.',
          '表格只有 10 位（美国号码）。国外号码较长时，请写在第 11 部分。',
        ),
      },
    ),
    item(
      'p8.4',
      '4.',
      L("Petitioner's or Authorized Signatory's Mobile Telephone Number (if any)", '手机号码（如有）'),
      'phone',
      text(f(5, 'Part7_Item6_MobilePhone[0]')),
      { maxLength: 10 },
    ),
    item(
      'p8.5',
      '5.',
      L("Petitioner's or Authorized Signatory's Email Address (if any)", '电子邮箱（如有）'),
      'email',
      text(f(5, 'Part7_Item7_Email[0]')),
      { maxLength: 30 },
    ),
    signature(
      'p8.6a',
      '6.a',
      L("Petitioner's or Authorized Signatory's Signature", '申请人或授权签字人签名'),
      f(5, 'Line1a_SignatureofPetitioner[0]'),
    ),
    signatureDate('p8.6b', '6.b', f(5, 'Part7_Item8b_Date[0]')),
  ],
};

// ------------------------------------------------------------------------------------------ Parts 9–10

const interpreter = contactBlock({
  partNo: 9,
  role: 'interpreter',
  family: { id: 'p9.1a', number: '1.a', field: f(5, 'Part8_Item1a_FamilyName[0]') },
  given: { id: 'p9.1b', number: '1.b', field: f(5, 'Part8_Item1b_GivenName[0]') },
  org: { id: 'p9.2', number: '2.', field: f(5, 'Part8_Item2_OrgName[0]'), maxLength: 30 },
  dayPhone: { id: 'p9.3', number: '3.', field: f(5, 'Part8_Item4_DayPhone[0]'), maxLength: 10 },
  mobile: { id: 'p9.4', number: '4.', field: f(5, 'Part8_Item5_MobilePhone[0]'), maxLength: 10 },
  email: { id: 'p9.5', number: '5.', field: f(5, 'Part8_Item6_Email[0]'), maxLength: 30 },
  language: { id: 'p9.language', number: '', field: f(5, 'Part8_Item6_Language[0]') },
  signature: { id: 'p9.6a', number: '6.a', field: f(5, 'Part6_Line6a_InterpretersSignature[0]') },
  date: { id: 'p9.6b', number: '6.b', field: f(5, 'Part8_Item7b_Date[0]') },
});

const part9: Part = {
  id: 'p9',
  number: 9,
  title: L("Interpreter's Contact Information, Certification, and Signature", '翻译人的联系方式、声明与签名'),
  help: L(
    'Only if someone interpreted the petition for the petitioner; otherwise leave blank.',
    '仅在有人为申请人口译或笔译本申请时填写，否则留空。',
  ),
  items: interpreter.items,
};

const preparer = contactBlock({
  partNo: 10,
  role: 'preparer',
  family: { id: 'p10.1a', number: '1.', field: f(6, 'Part10_Item1_FamilyName[0]') },
  given: { id: 'p10.1b', number: '1.', field: f(6, 'Part10_Item1_GivenName[0]') },
  org: { id: 'p10.2', number: '2.', field: f(6, 'Part10_Item2_OrgName[0]'), maxLength: 30 },
  dayPhone: { id: 'p10.3', number: '3.', field: f(6, 'Part10_Item3_DayPhone[0]'), maxLength: 10 },
  mobile: { id: 'p10.4', number: '4.', field: f(6, 'Part10_Item4_MobilePhone[0]'), maxLength: 10 },
  email: { id: 'p10.5', number: '5.', field: f(6, 'Part10_Item5_Email[0]'), maxLength: 30 },
  signature: { id: 'p10.6', number: '6.', field: f(6, 'Part10_Item6_SignatureofPetitioner[0]') },
  date: { id: 'p10.6_date', number: '6.', field: f(6, 'Part10_Item6__Date[0]') },
});

const part10: Part = {
  id: 'p10',
  number: 10,
  title: L(
    'Contact Information, Certification, and Signature of the Person Preparing this Petition, if Other Than the Petitioner or Authorized Signatory',
    '代填人（申请人或授权签字人以外的人）的联系方式、声明与签名',
  ),
  help: L(
    'A self-petitioner who filled in the form personally leaves this part blank.',
    '自行申请人亲自填写表格时，此部分留空。',
  ),
  items: preparer.items,
};

// ---------------------------------------------------------------------------------------------- Part 11

const part11: Part = {
  id: 'p11',
  number: 11,
  title: L('Additional Information', '补充信息'),
  help: L(
    'Extra space for any answer: give the page, part and item number it belongs to. Sign and date each extra sheet.',
    '任何答案写不下时可在此补充，并注明对应的页码、部分和题号。另附纸张时，每页都要签名并注明日期。',
  ),
  items: [
    ...nameItems(
      'p11.1',
      {
        family: f(7, 'Pt1Line1a_FamilyName[1]'),
        given: f(7, 'Pt1Line1b_GivenName[1]'),
        middle: f(7, 'Pt1Line1c_MiddleName[1]'),
      },
      { maxLength: { family: 30, given: 18, middle: 18 } },
    ).map((it) => ({ ...it, copyFrom: it.id.replace('p11.1', 'p1.1') })),
    item(
      'p11.2',
      '2.',
      L('IRS EIN', '美国国税局雇主识别号（EIN）'),
      'ein',
      text(f(7, '#area[6].Pt1Line3_TaxNumber[1]')),
      {
        maxLength: 9,
        comb: true,
        copyFrom: 'p1.4',
      },
    ),
    ...additionalInfoRow(
      11,
      3,
      {
        page: f(7, 'Pt9Line3a_PageNumber[0]'),
        part: f(7, 'Pt9Line3b_PartNumber[0]'),
        item: f(7, 'Pt9Line3c_ItemNumber[0]'),
        text: f(7, 'Pt9Line3d_AdditionalInfo[0]'),
      },
      { page: 2, part: 6, item: 6 },
    ),
    ...additionalInfoRow(
      11,
      4,
      {
        page: f(7, 'Pt9Line4a_PageNumber[0]'),
        part: f(7, 'Pt9Line4b_PartNumber[0]'),
        item: f(7, 'Pt9Line4c_ItemNumber[0]'),
        text: f(7, 'Pt9Line4d_AdditionalInfo[0]'),
      },
      { page: 2, part: 6, item: 6 },
    ),
    ...additionalInfoRow(
      11,
      5,
      {
        page: f(7, 'Pt9Line5a_PageNumber[0]'),
        part: f(7, 'Pt9Line5b_PartNumber[0]'),
        item: f(7, 'Pt9Line5c_ItemNumber[0]'),
        text: f(7, 'Pt9Line5d_AdditionalInfo[0]'),
      },
      { page: 2, part: 6, item: 6 },
    ),
    // Item 6: page/part/item are the `[1]` set of Pt9Line6*, its text `Pt9Line6d[0]`; item 7 the other way
    // round (checked against the tooltips and the widget positions on page 8).
    ...additionalInfoRow(
      11,
      6,
      {
        page: f(7, 'Pt9Line6a_PageNumber[1]'),
        part: f(7, 'Pt9Line6b_PartNumber[1]'),
        item: f(7, 'Pt9Line6c_ItemNumber[1]'),
        text: f(7, 'Pt9Line6d_AdditionalInfo[0]'),
      },
      { page: 2, part: 6, item: 6 },
    ),
    ...additionalInfoRow(
      11,
      7,
      {
        page: f(7, 'Pt9Line6a_PageNumber[0]'),
        part: f(7, 'Pt9Line6b_PartNumber[0]'),
        item: f(7, 'Pt9Line6c_ItemNumber[0]'),
        text: f(7, 'Pt9Line6d_AdditionalInfo[1]'),
      },
      { page: 2, part: 6, item: 6 },
    ),
  ],
  repeat: additionalInfoRepeat(11, [3, 4, 5, 6, 7]),
};

export const I140_2024_06_07: FormDefinition = {
  formNumber: 'I-140',
  edition: '06/07/24',
  editionDate: '2024-06-07',
  title: L('Immigrant Petition for Alien Workers', '外籍劳工移民申请'),
  parts: [header, part1, part2, part3, part4, part5, part6, part7, part8, part9, part10, part11],
  addresses,
  dateRanges: [
    { start: 'p3.10', end: 'p3.11b' },
    { start: 'p5.9', end: 'p5.10' },
  ],
  checks: [{ kind: 'asylum_fee', nonprofit: 'p1.5', smallEmployer: 'p1.6' }],
  cautions: [
    {
      item: 'p1.2',
      code: 'company_for_individual',
      when: { any: [{ item: 'p5.1', in: ['self', 'other'] }, filled('p1.1a'), filled('p1.1b')] },
    },
  ],
  fieldmap: 'I-140_06-07-24',
  notes: [
    'Mandatory edition from 2024-10-21 (earlier editions rejected).',
    'Part 0 is the attorney/representative box at the top of page 1; Parts 1–11 follow the form.',
    'The PDF417 barcode fields are static after XFA removal and are not filled (see decision 0002).',
  ],
};
