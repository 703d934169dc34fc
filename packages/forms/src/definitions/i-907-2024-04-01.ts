/**
 * Form I-907, Request for Premium Processing Service — edition 04/01/24 (7 pages, 6 parts).
 *
 * Field names from shared/reference/uscis/fieldmaps/I-907_04-01-24_fields.tsv; MaxLen and comb flags were read
 * from the official blank (packages/forms/blanks/i-907-2024-04-01.pdf; a server unit test keeps them equal).
 * Points decided from the printed layout where the names or tooltips disagree:
 * - Part 2: item 2 is the Receipt Number (`P2_Line2_ReceiptNumberof`), item 3 the Classification.
 * - Part 3 item 5 (fax) is `P3_Line5_MobileTelePhoneNumber[1]`; item 4 (mobile) is `[0]`.
 * - Part 5 item 5 is printed "Mobile Telephone Number" but the field is named `P5_Line5_FaxNumber`.
 * - Part 6 item 5 is the `[1]` set of `Pt9Line4*`.
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
const addresses: AddressGroup[] = [];
const collect = (r: { items: Item[]; group: AddressGroup | null }): Item[] => {
  if (r.group) addresses.push(r.group);
  return r.items;
};

/** The nine address fields of a block, named `<prefix>_<Suffix>`; `unit` gives the on-state of Unit[0..2]. */
function address(
  sf: number,
  idPrefix: string,
  number: string,
  prefix: string,
  unit: [string, string, string],
  opts: {
    inCareOf?: boolean;
    unitNumberField?: string;
    required?: boolean | Condition;
    visibleWhen?: Condition;
  } = {},
) {
  const at = (s: string) => f(sf, `${prefix}_${s}[0]`);
  const unitField = (onValue: string) => f(sf, `${prefix}_Unit[${unit.indexOf(onValue)}]`);
  return addressItems({
    ...(opts.inCareOf
      ? { inCareOf: { id: `${idPrefix}_incareof`, number, field: at('InCareofName'), maxLength: 34 } }
      : {}),
    street: { id: `${idPrefix}_street`, number, field: at('StreetNumberName'), maxLength: 34 },
    unitType: {
      id: `${idPrefix}_unit_type`,
      number,
      group: `${prefix.slice(prefix.lastIndexOf('.') + 1)}_Unit`,
      apt: unitField('APT'),
      ste: unitField('STE'),
      flr: unitField('FLR'),
    },
    unitNumber: {
      id: `${idPrefix}_unit`,
      number,
      field: opts.unitNumberField ? f(sf, opts.unitNumberField) : at('AptSteFlrNumber'),
      maxLength: 6,
    },
    city: { id: `${idPrefix}_city`, number, field: at('CityTown'), maxLength: 20 },
    state: { id: `${idPrefix}_state`, number, field: at('State') },
    zip: { id: `${idPrefix}_zip`, number, field: at('ZipCode'), maxLength: 5 },
    province: { id: `${idPrefix}_province`, number, field: at('Province'), maxLength: 20 },
    postalCode: { id: `${idPrefix}_postal`, number, field: at('PostalCode'), maxLength: 9 },
    country: { id: `${idPrefix}_country`, number, field: at('Country') },
    ...(opts.required !== undefined ? { required: opts.required } : {}),
    ...(opts.visibleWhen ? { visibleWhen: opts.visibleWhen } : {}),
  });
}

const header: Part = {
  id: 'attorney',
  number: 0,
  title: L(
    'To be completed by an attorney or accredited representative (if any)',
    '由律师或认可代表填写（如有）',
  ),
  items: [
    item(
      'p0.g28',
      '',
      L('Select this box if Form G-28 or Form G-28I is attached', '已附 G-28 或 G-28I 表格'),
      'checkbox',
      {
        kind: 'checkbox',
        field: f(0, 'FormG28Attach[0]'),
        onValue: '1',
      },
    ),
    item(
      'p0.bar',
      '',
      L('Attorney State Bar Number (if applicable)', '律师州律师协会执照号（如适用）'),
      'text',
      text(f(0, 'AttyStateBarNumber[0]')),
    ),
    item(
      'p0.account',
      '',
      L(
        'Attorney or Accredited Representative USCIS Online Account Number (if any)',
        '律师或认可代表的 USCIS 在线账户号码（如有）',
      ),
      'uscis_account',
      text(f(0, 'USCISOnlineAcctNumber[0]')),
      { maxLength: 12, comb: true },
    ),
  ],
};

const physicalDiffers: Condition = { item: 'p1.6', equals: 'no' };

const part1: Part = {
  id: 'p1',
  number: 1,
  title: L('Information About the Person Filing This Request', '提出本请求的人的信息'),
  items: [
    item(
      'p1.1',
      '1.',
      L('Alien Registration Number (A-Number) (if any)', '外国人登记号（A-Number，如有）'),
      'a_number',
      text(f(0, '#area[0].Pt1Line1_AlienRegistrationNumber[0]')),
      { maxLength: 9, comb: true },
    ),
    item(
      'p1.2',
      '2.',
      L('USCIS Online Account Number (if any)', 'USCIS 在线账户号码（如有）'),
      'uscis_account',
      text(f(0, '#area[1].Pt1Line2_USCISOnlineActNumber[0]')),
      { maxLength: 12, comb: true },
    ),
    ...nameItems(
      'p1.3',
      {
        family: f(0, 'Pt1Line3_FamilyName[0]'),
        given: f(0, 'Pt1Line3_GivenName[0]'),
        middle: f(0, 'Pt1Line3_MiddleName[0]'),
      },
      { required: true, numbers: { family: '3.', given: '3.', middle: '3.' } },
    ),
    item(
      'p1.4',
      '4.',
      L(
        'Company or Organization Named in the Related Case (if filed on behalf of a company or organization)',
        '相关案件中的公司或机构名称（代表公司或机构提出时填写）',
      ),
      'text',
      text(f(0, 'Part1_Line4_CompanyorOrganizationName[0]')),
      { maxLength: 34 },
    ),
    ...collect(
      address(0, 'p1.5', '5.', 'Part1_Line5_MailingAddress', ['STE', 'FLR', 'APT'], {
        inCareOf: true,
        required: true,
      }),
    ),
    yesNo(
      'p1.6',
      '6.',
      L(
        'Is your current mailing address the same as your physical address?',
        '您目前的通信地址是否与实际居住地址相同？',
      ),
      box(f(0, 'Part1Line6_Checkbox[0]'), 'Y'),
      box(f(0, 'Part1Line6_Checkbox[1]'), 'N'),
      { required: true },
    ),
    ...collect(
      address(1, 'p1.7', '7.', 'Part1_Line7_PhysicalAddress', ['APT', 'FLR', 'STE'], {
        required: physicalDiffers,
        visibleWhen: physicalDiffers,
      }),
    ),
    item(
      'p1.8',
      '8.',
      L('Request for Premium Processing Service (select only one box)', '加急处理请求人身份（只选一项）'),
      'radio',
      {
        kind: 'radio',
        group: 'Part1_Line8_CheckBox',
        members: [
          box(f(1, 'Part1_Line8_CheckBox[2]'), 'A'),
          box(f(1, 'Part1_Line8_CheckBox[3]'), 'B'),
          box(f(1, 'Part1_Line8_CheckBox[0]'), 'C'),
          box(f(1, 'Part1_Line8_CheckBox[1]'), 'D'),
        ],
      },
      {
        required: true,
        options: [
          {
            value: 'petitioner',
            label: L(
              'I am the petitioner who is filing or has filed a petition eligible for Premium Processing Service.',
              '我是正在提交或已提交可加急处理之申请的申请人（petitioner）。',
            ),
            pdf: 'A',
          },
          {
            value: 'petitioner_attorney',
            label: L(
              'I am the attorney or accredited representative for the petitioner.',
              '我是该申请人（petitioner）的律师或认可代表。',
            ),
            pdf: 'B',
          },
          {
            value: 'applicant',
            label: L(
              'I am the applicant who is filing or has filed an application eligible for Premium Processing Service.',
              '我是正在提交或已提交可加急处理之申请的申请人（applicant）。',
            ),
            pdf: 'C',
          },
          {
            value: 'applicant_attorney',
            label: L(
              'I am the attorney or accredited representative for the applicant.',
              '我是该申请人（applicant）的律师或认可代表。',
            ),
            pdf: 'D',
          },
        ],
        help: L('A self-petitioner filing an I-140 selects the first box.', 'I-140 自行申请人请选第一项。'),
      },
    ),
  ],
};

const part2: Part = {
  id: 'p2',
  number: 2,
  title: L('Information About the Request', '请求的相关信息'),
  items: [
    item(
      'p2.1',
      '1.',
      L('Form Number of Related Petition or Application', '相关申请的表格编号'),
      'text',
      text(f(1, 'P2_Line1_FormNumberof[0]')),
      {
        required: true,
        help: L('For example: I-140.', '例如：I-140。'),
      },
    ),
    item(
      'p2.2',
      '2.',
      L('Receipt Number of Related Petition or Application', '相关申请的收据号码'),
      'receipt',
      text(f(1, 'P2_Line2_ReceiptNumberof[0]')),
      {
        maxLength: 13,
        help: L(
          'Not issued yet when the I-907 is filed together with the I-140: leave it blank or write N/A.',
          'I-907 与 I-140 一起提交时尚无收据号码：留空或填写 N/A。',
        ),
      },
    ),
    item(
      'p2.3',
      '3.',
      L('Classification or Eligibility Requested', '申请的类别'),
      'text',
      text(f(1, 'P2_Line2_ClassorEligRequested[0]')),
      {
        required: true,
        help: L('For example: E11 (EB-1A) or E21 NIW.', '例如：E11（EB-1A）或 E21 NIW。'),
      },
    ),
    ...nameItems(
      'p2.4',
      {
        family: f(1, 'Part2_Line4_PetitionerApplicantFamilyName[0]'),
        given: f(1, 'Part2_Line4_PetitionerApplicantGivenName[0]'),
        middle: f(1, 'Part2_Line4_PetitionerApplicantMiddleName[0]'),
      },
      {
        required: true,
        numbers: { family: '4.', given: '4.', middle: '4.' },
        whose: L('Petitioner or Applicant in the Related Case:', '相关案件申请人'),
      },
    ),
    ...nameItems(
      'p2.5',
      {
        family: f(1, 'Line_FamilyName[0]'),
        given: f(1, 'Line_GivenName[0]'),
        middle: f(1, 'Line_MiddleName[0]'),
      },
      {
        numbers: { family: '5.', given: '5.', middle: '5.' },
        maxLength: { family: 30 },
        whose: L('Beneficiary in the Related Case:', '相关案件受益人'),
      },
    ),
    ...nameItems(
      'p2.6',
      {
        family: f(1, 'Part1_Line8_NameOfCompanyPOC_FamilyName[0]'),
        given: f(1, 'Part1_Line8_NameOfCompanyPOC_GivenName[0]'),
        middle: f(1, 'Part1_Line8_NameOfCompanyPOC_MiddleName[0]'),
      },
      {
        numbers: { family: '6.', given: '6.', middle: '6.' },
        whose: L('Point of Contact for the Company or Organization:', '公司或机构联系人'),
      },
    ),
    item(
      'p2.6_title',
      '6.',
      L('Position Title', '联系人职位'),
      'text',
      text(f(1, 'Part1_Line8_NameOfCompanyPOC_TitleofPOC[0]')),
    ),
    item(
      'p2.7',
      '7.',
      L(
        'Company or Organization IRS Employer Identification Number (EIN) (if any)',
        '公司或机构的雇主识别号（EIN，如有）',
      ),
      'ein',
      text(f(1, 'Part1_Line9_CompanyIRSTaxNumber[0]')),
    ),
    ...collect(
      address(2, 'p2.8', '8.', 'Part1_Line7_OtherInformationAboutCompanyOrg', ['APT', 'FLR', 'STE'], {
        required: true,
      }),
    ),
  ],
};

const interpreterNamed: Condition = { item: 'p3.1', equals: 'interpreter' };

const part3: Part = {
  id: 'p3',
  number: 3,
  title: L(
    "Requestor's Statement, Contact Information, Declaration, Certification, and Signature",
    '请求人声明、联系方式、保证与签名',
  ),
  items: [
    item(
      'p3.1',
      '1.',
      L("Requestor's Statement Regarding the Interpreter", '请求人关于翻译的声明'),
      'radio',
      {
        kind: 'radio',
        group: 'P3_Line1_Checkbox',
        members: [box(f(2, 'P3_Line1_Checkbox[1]'), 'Y'), box(f(2, 'P3_Line1_Checkbox[0]'), 'N')],
      },
      {
        required: true,
        options: [
          {
            value: 'english',
            label: L(
              'A. I can read and understand English, and I have read and understand every question and instruction on this request and my answer to every question.',
              'A. 我能读懂英语，已阅读并理解本请求的每个问题、说明及我的回答。',
            ),
            pdf: 'Y',
          },
          {
            value: 'interpreter',
            label: L(
              'B. The interpreter named in Part 4. read to me every question and instruction on this request and my answer to every question in a language in which I am fluent.',
              'B. 第 4 部分所列翻译人已用我精通的语言向我读过本请求的每个问题、说明及我的回答。',
            ),
            pdf: 'N',
          },
        ],
      },
    ),
    item(
      'p3.1b',
      '1.B',
      L('Language in which I am fluent', '我精通的语言'),
      'text',
      text(f(2, 'P3_Line1_B_Language[0]')),
      {
        visibleWhen: interpreterNamed,
        required: interpreterNamed,
      },
    ),
    item(
      'p3.2',
      '2.',
      L(
        'At my request, the preparer named in Part 5. prepared this request for me based only upon information I provided or authorized.',
        '应我的要求，第 5 部分所列代填人仅根据我提供或授权的信息为我填写了本请求。',
      ),
      'checkbox',
      { kind: 'checkbox', field: f(2, 'P3_Line2_Checkbox[0]'), onValue: 'A' },
    ),
    item(
      'p3.2_name',
      '2.',
      L('Name of the preparer named in Part 5', '第 5 部分所列代填人的姓名'),
      'text',
      text(f(2, 'P3_Line2_NameofRepresentative[0]')),
      {
        visibleWhen: { item: 'p3.2', equals: true },
        required: { item: 'p3.2', equals: true },
      },
    ),
    item(
      'p3.3',
      '3.',
      L("Requestor's Daytime Telephone Number", '日间电话'),
      'phone',
      text(f(2, 'P3_Line4_DaytimeTelePhoneNumber[0]')),
      {
        maxLength: 10,
        required: true,
      },
    ),
    item(
      'p3.4',
      '4.',
      L("Requestor's Mobile Telephone Number (if any)", '手机号码（如有）'),
      'phone',
      text(f(2, 'P3_Line5_MobileTelePhoneNumber[0]')),
      {
        maxLength: 10,
      },
    ),
    item(
      'p3.5',
      '5.',
      L("Requestor's Fax Number (if any)", '传真号码（如有）'),
      'phone',
      text(f(2, 'P3_Line5_MobileTelePhoneNumber[1]')),
      {
        maxLength: 10,
      },
    ),
    item(
      'p3.6',
      '6.',
      L("Requestor's Email Address (if any)", '电子邮箱（如有）'),
      'email',
      text(f(2, 'P3_Line6_Email[0]')),
    ),
    signature(
      'p3.7',
      '7.',
      L("Requestor's Signature", '请求人签名'),
      f(3, 'Pt5Line3_SignatureOfPetitioner[0]'),
    ),
    signatureDate('p3.7_date', '7.', f(3, 'P3_DateofSignature[0]')),
  ],
};

const interpreter = contactBlock({
  partNo: 4,
  role: 'interpreter',
  family: { id: 'p4.1a', number: '1.', field: f(3, 'P4_Line1_InterpreterFamilyName[0]') },
  given: { id: 'p4.1b', number: '1.', field: f(3, 'P4_Line1_InterpreterGivenName[0]') },
  org: { id: 'p4.2', number: '2.', field: f(3, 'P4_Line2_NameofBusinessorOrgName[0]'), maxLength: 34 },
  address: {
    street: { id: 'p4.3_street', number: '3.', field: f(3, 'P4_Line3_StreetNumberName[0]'), maxLength: 34 },
    unitType: {
      id: 'p4.3_unit_type',
      number: '3.',
      group: 'P4_Line3_Unit',
      apt: f(3, 'P4_Line3_Unit[2]'),
      ste: f(3, 'P4_Line3_Unit[0]'),
      flr: f(3, 'P4_Line3_Unit[1]'),
    },
    unitNumber: { id: 'p4.3_unit', number: '3.', field: f(3, 'P4_Line3_AptSteFlrNumber[0]'), maxLength: 6 },
    city: { id: 'p4.3_city', number: '3.', field: f(3, 'P4_Line3_CityTown[0]'), maxLength: 20 },
    state: { id: 'p4.3_state', number: '3.', field: f(3, 'P4_Line3_State[0]') },
    zip: { id: 'p4.3_zip', number: '3.', field: f(3, 'P4_Line3_ZipCode[0]'), maxLength: 5 },
    province: { id: 'p4.3_province', number: '3.', field: f(3, 'P4_Line3_Province[0]'), maxLength: 20 },
    postalCode: { id: 'p4.3_postal', number: '3.', field: f(3, 'P4_Line3_PostalCode[0]'), maxLength: 9 },
    country: { id: 'p4.3_country', number: '3.', field: f(3, 'P4_Line3_Country[0]') },
  },
  dayPhone: { id: 'p4.4', number: '4.', field: f(3, 'P4_Line4_DaytimeTelePhoneNumber[0]'), maxLength: 10 },
  mobile: { id: 'p4.5', number: '5.', field: f(3, 'P4_Line4_DaytimeTelePhoneNumber[1]'), maxLength: 10 },
  email: { id: 'p4.6', number: '6.', field: f(3, 'P4_Line5_Email[0]') },
  language: { id: 'p4.language', number: '', field: f(3, 'P4_Line6_Language[0]') },
  signature: { id: 'p4.7', number: '7.', field: f(4, 'P4_Line6_Signature[0]') },
  date: { id: 'p4.7_date', number: '7.', field: f(4, 'P4_Line6_DateofSignature[0]') },
});
if (interpreter.group) addresses.push(interpreter.group);

const preparer = contactBlock({
  partNo: 5,
  role: 'preparer',
  family: { id: 'p5.1a', number: '1.', field: f(4, 'P5_Line1_PreparerFamilyName[0]') },
  given: { id: 'p5.1b', number: '1.', field: f(4, 'P5_Line1_PreparerGivenName[0]') },
  org: { id: 'p5.2', number: '2.', field: f(4, 'P5_Line2_NameofBusinessorOrgName[0]'), maxLength: 34 },
  address: {
    street: { id: 'p5.3_street', number: '3.', field: f(4, 'P5_Line3_StreetNumberName[0]'), maxLength: 34 },
    unitType: {
      id: 'p5.3_unit_type',
      number: '3.',
      group: 'P5_Line3_Unit',
      apt: f(4, 'P5_Line3_Unit[2]'),
      ste: f(4, 'P5_Line3_Unit[0]'),
      flr: f(4, 'P5_Line3_Unit[1]'),
    },
    unitNumber: { id: 'p5.3_unit', number: '3.', field: f(4, 'Pt10Line3b_AptSteFlrNumber[0]'), maxLength: 6 },
    city: { id: 'p5.3_city', number: '3.', field: f(4, 'P5_Line3_CityTown[0]'), maxLength: 20 },
    state: { id: 'p5.3_state', number: '3.', field: f(4, 'P5_Line3_State[0]') },
    zip: { id: 'p5.3_zip', number: '3.', field: f(4, 'P5_Line3_ZipCode[0]'), maxLength: 5 },
    province: { id: 'p5.3_province', number: '3.', field: f(4, 'P5_Line3_Province[0]'), maxLength: 20 },
    postalCode: { id: 'p5.3_postal', number: '3.', field: f(4, 'P5_Line3_PostalCode[0]'), maxLength: 9 },
    country: { id: 'p5.3_country', number: '3.', field: f(4, 'P5_Line3_Country[0]') },
  },
  dayPhone: { id: 'p5.4', number: '4.', field: f(4, 'P5_Line4_DaytimeTelePhoneNumber[0]'), maxLength: 10 },
  mobile: { id: 'p5.5', number: '5.', field: f(4, 'P5_Line5_FaxNumber[0]'), maxLength: 10 },
  email: { id: 'p5.6', number: '6.', field: f(4, 'P5_Line6_EmailAddress[0]') },
  signature: { id: 'p5.8', number: '8.', field: f(5, 'P5_Line8_Signature[0]') },
  date: { id: 'p5.8_date', number: '8.', field: f(5, 'P5_Line8_DateofSignature[0]') },
});
if (preparer.group) addresses.push(preparer.group);

const attorneyPreparer: Condition = { item: 'p5.7', equals: 'attorney' };
const preparerStatement: Item[] = [
  item(
    'p5.7',
    '7.',
    L("Preparer's Statement", '代填人声明'),
    'radio',
    {
      kind: 'checkboxes',
      boxes: {
        not_attorney: box(f(4, 'P5_Line7a_Checkbox[0]'), 'A'),
        attorney: box(f(4, 'P5_Line7b_Checkbox[0]'), 'B'),
      },
    },
    {
      required: filled('p5.1a'),
      options: [
        {
          value: 'not_attorney',
          label: L(
            "7.A. I am not an attorney or accredited representative but have prepared this request on behalf of the requestor with the requestor's consent.",
            '7.A. 我不是律师或认可代表，但经请求人同意代其填写了本请求。',
          ),
        },
        {
          value: 'attorney',
          label: L('7.B. I am an attorney or accredited representative.', '7.B. 我是律师或认可代表。'),
        },
      ],
    },
  ),
  item(
    'p5.7b',
    '7.B',
    L('My representation of the requestor in this case', '我在本案中对请求人的代理范围'),
    'radio',
    {
      kind: 'checkboxes',
      boxes: {
        extends: box(f(4, 'P5_Line7b_extends[0]'), '1'),
        not_extends: box(f(4, 'P5_Line7b_notextends[0]'), '2'),
      },
    },
    {
      visibleWhen: attorneyPreparer,
      required: attorneyPreparer,
      options: [
        {
          value: 'extends',
          label: L('extends beyond the preparation of this request', '超出填写本请求的范围'),
        },
        {
          value: 'not_extends',
          label: L('does not extend beyond the preparation of this request', '仅限于填写本请求'),
        },
      ],
    },
  ),
];
const preparerItems = [...preparer.items];
preparerItems.splice(
  preparerItems.findIndex((it) => it.type === 'signature'),
  0,
  ...preparerStatement,
);

/** Page / Part / Item boxes of the Part 6 rows, as sized on the blank. */
const ADDITIONAL_INFO_LENGTHS = { page: 2, part: 6, item: 6 };

const part6: Part = {
  id: 'p6',
  number: 6,
  title: L('Additional Information', '补充信息'),
  items: [
    ...nameItems(
      'p6.1',
      {
        family: f(6, 'Pt1Line3_FamilyName[1]'),
        given: f(6, 'Pt1Line3_GivenName[1]'),
        middle: f(6, 'Pt1Line3_MiddleName[1]'),
      },
      { numbers: { family: '1.', given: '1.', middle: '1.' } },
    ).map((it) => ({ ...it, copyFrom: it.id.replace('p6.1', 'p1.3') })),
    item(
      'p6.2',
      '2.',
      L('A-Number (if any)', 'A-Number（如有）'),
      'a_number',
      text(f(6, 'Line3_ANumber[0].Pt1Line1_AlienRegistrationNumber[1]')),
      {
        maxLength: 9,
        comb: true,
        copyFrom: 'p1.1',
      },
    ),
    ...additionalInfoRow(
      6,
      3,
      {
        page: f(6, 'Pt9Line3a_PageNumber[0]'),
        part: f(6, 'Pt9Line3b_PartNumber[0]'),
        item: f(6, 'Pt9Line3c_ItemNumber[0]'),
        text: f(6, 'Pt9Line3d_AdditionalInfo[0]'),
      },
      ADDITIONAL_INFO_LENGTHS,
    ),
    ...additionalInfoRow(
      6,
      4,
      {
        page: f(6, 'Pt9Line4a_PageNumber[0]'),
        part: f(6, 'Pt9Line4b_PartNumber[0]'),
        item: f(6, 'Pt9Line4c_ItemNumber[0]'),
        text: f(6, 'Pt9Line4d_AdditionalInfo[0]'),
      },
      ADDITIONAL_INFO_LENGTHS,
    ),
    ...additionalInfoRow(
      6,
      5,
      {
        page: f(6, 'Pt9Line4a_PageNumber[1]'),
        part: f(6, 'Pt9Line4b_PartNumber[1]'),
        item: f(6, 'Pt9Line4c_ItemNumber[1]'),
        text: f(6, 'Pt9Line4d_AdditionalInfo[1]'),
      },
      ADDITIONAL_INFO_LENGTHS,
    ),
  ],
  repeat: additionalInfoRepeat(6, [3, 4, 5]),
};

export const I907_2024_04_01: FormDefinition = {
  formNumber: 'I-907',
  edition: '04/01/24',
  editionDate: '2024-04-01',
  title: L('Request for Premium Processing Service', '加急处理服务申请'),
  parts: [
    header,
    part1,
    part2,
    part3,
    {
      id: 'p4',
      number: 4,
      title: L(
        "Interpreter's Contact Information, Certification, and Signature",
        '翻译人的联系方式、声明与签名',
      ),
      items: interpreter.items,
    },
    {
      id: 'p5',
      number: 5,
      title: L(
        'Contact Information, Declaration, and Signature of the Person Preparing this Request, if Other Than the Requestor',
        '代填人（请求人以外的人）的联系方式、声明与签名',
      ),
      items: preparerItems,
    },
    part6,
  ],
  addresses,
  checks: [{ kind: 'preparer', named: 'p5.1a', declared: 'p3.2' }],
  fieldmap: 'I-907_04-01-24',
  notes: [
    'MaxLen/comb read from the official blank shipped in packages/forms/blanks (edition 04/01/24).',
    'Premium processing: EB-1A 15 business days, EB-2 NIW 45 business days; fee $2,805 (from 2024-02-26), $2,965 from 2026-03-01.',
  ],
};
