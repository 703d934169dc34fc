/**
 * Form G-1450, Authorization for Credit Card Transactions.
 *
 * The field list we have is for edition 09/27/19 (shared/reference/uscis/fieldmaps/G-1450_09-27-19_fields.tsv,
 * blank PDF in shared/forms). Third-party code names 06/03/25 or 02/06/26 as current (unverified): check
 * uscis.gov and re-map when a newer PDF is obtained. MaxLen values were read from the 09/27/19 PDF.
 */
import { addressItems, box, item, L, nameItems, signature, text } from '../builders.ts';
import type { FormDefinition } from '../types.ts';

const f = (name: string) => `form1[0].#subform[0].${name}`;

const billing = addressItems({
  street: { id: 'p2.street', number: '', field: f('Pt1Line2b_StreetNumberName[0]') },
  unitType: {
    id: 'p2.unit_type',
    number: '',
    group: 'CCHolderAptSteFlr_Unit',
    apt: f('CCHolderAptSteFlr_Unit[1]'),
    ste: f('CCHolderAptSteFlr_Unit[0]'),
    flr: f('CCHolderAptSteFlr_Unit[2]'),
  },
  unitNumber: { id: 'p2.unit', number: '', field: f('CCHolderAptSteFlrNumber[0]'), maxLength: 6 },
  city: { id: 'p2.city', number: '', field: f('CityOrTown[0]'), maxLength: 34 },
  state: { id: 'p2.state', number: '', field: f('State[0]') },
  zip: { id: 'p2.zip', number: '', field: f('ZipCode[0]'), maxLength: 5 },
  required: true,
});

export const G1450_2019_09_27: FormDefinition = {
  formNumber: 'G-1450',
  edition: '09/27/19',
  editionDate: '2019-09-27',
  title: L('Authorization for Credit Card Transactions', '信用卡付款授权书'),
  parts: [
    {
      id: 'p1',
      number: 1,
      title: L(
        "Applicant's / Petitioner's / Requester's Information (Full Legal Name)",
        '申请人信息（法定全名）',
      ),
      items: nameItems(
        'p1.name',
        { family: f('FamilyName[0]'), given: f('GivenName[0]'), middle: f('MiddleName[0]') },
        {
          required: true,
          ids: { family: 'p1.family', given: 'p1.given', middle: 'p1.middle' },
          numbers: { family: '', given: '', middle: '' },
        },
      ),
    },
    {
      id: 'p2',
      number: 2,
      title: L('Credit Card Billing Information', '持卡人账单信息'),
      items: [
        ...nameItems(
          'p2.name',
          {
            family: f('CCHolderFamilyName[0]'),
            given: f('CCHolderGivenName[0]'),
            middle: f('CCHolderMiddleName[0]'),
          },
          {
            required: true,
            ids: { family: 'p2.family', given: 'p2.given', middle: 'p2.middle' },
            numbers: { family: '', given: '', middle: '' },
            whose: L('Cardholder (as on the card):', '持卡人（与卡面一致）'),
          },
        ),
        ...billing.items,
        item(
          'p2.phone',
          '',
          L(
            "Credit Card Holder's Daytime Telephone Number (including area code)",
            '持卡人日间电话（含区号）',
          ),
          'phone',
          text(f('DaytimeTelephoneNumber[0]')),
          { maxLength: 15, required: true },
        ),
        item(
          'p2.email',
          '',
          L("Credit Card Holder's Email Address", '持卡人电子邮箱'),
          'email',
          text(f('Email[0]')),
        ),
        signature(
          'p2.signature',
          '',
          L("Credit Card Holder's Signature", '持卡人签名'),
          f('SignatureOfApplicant[0]'),
        ),
      ],
    },
    {
      id: 'p3',
      number: 3,
      title: L('Credit Card Information', '信用卡信息'),
      help: L(
        'The card must be issued by a U.S. bank (U.S. prepaid cards are accepted; foreign cards and gift cards are not). Daily limit $24,999.99 per card.',
        '必须是美国银行发行的卡（可用美国预付卡，不接受境外卡和礼品卡）。每张卡每日限额 24,999.99 美元。',
      ),
      items: [
        item(
          'p3.us_bank',
          '',
          L('I confirm this card was issued by a U.S. bank.', '我确认此卡由美国银行发行。'),
          'checkbox',
          null,
          { required: true },
        ),
        item(
          'p3.type',
          '',
          L('Credit Card Type', '卡类型'),
          'radio',
          {
            kind: 'radio',
            group: 'CreditCardTypeChBx',
            members: [
              box(f('CreditCardTypeChBx[0]'), 'V'),
              box(f('CreditCardTypeChBx[1]'), 'MC'),
              box(f('CreditCardTypeChBx[2]'), 'A'),
              box(f('CreditCardTypeChBx[3]'), 'D'),
            ],
          },
          {
            required: true,
            options: [
              { value: 'visa', label: L('Visa', 'Visa'), pdf: 'V' },
              { value: 'mastercard', label: L('MasterCard', 'MasterCard（万事达）'), pdf: 'MC' },
              { value: 'amex', label: L('American Express', 'American Express（美国运通）'), pdf: 'A' },
              { value: 'discover', label: L('Discover', 'Discover（发现卡）'), pdf: 'D' },
            ],
          },
        ),
        item(
          'p3.number',
          '',
          L('Credit Card Number', '卡号'),
          'digits',
          {
            kind: 'split',
            fields: [1, 2, 3, 4].map((n) => ({ field: f(`CreditCardNumber_${n}[0]`), length: 4 })),
          },
          { required: true, digits: { min: 13, max: 19 }, maxLength: 16 },
        ),
        item(
          'p3.expiry',
          '',
          L('Credit Card Expiration Date', '有效期（月/年）'),
          'month_year',
          text(f('ExpirationDate[0]')),
          {
            required: true,
          },
        ),
        item(
          'p3.amount',
          '',
          L('Authorized Payment Amount', '授权付款金额（美元）'),
          'money',
          text(f('AuthorizedPaymentAmt[0]')),
          {
            required: true,
            wholeDollars: true,
            maxLength: 7,
            help: L(
              'Whole dollars, the exact fee for this filing (e.g. I-140 $715; the $300 Asylum Program Fee is a separate payment).',
              '填写整数美元，须与本次费用完全一致（如 I-140 为 715 美元；300 美元庇护项目费需另行单独付款）。',
            ),
          },
        ),
      ],
    },
  ],
  addresses: billing.group ? [billing.group] : [],
  checks: [{ kind: 'card', number: 'p3.number', brand: 'p3.type', expiry: 'p3.expiry', amount: 'p3.amount' }],
  fieldmap: 'G-1450_09-27-19',
  notes: [
    'Field list and MaxLen from edition 09/27/19, the only G-1450 PDF we have; the current edition may differ.',
    'p3.us_bank is our own confirmation (spec §5: the card must be issued by a U.S. bank); it is not on the PDF.',
    'The billing State list is U.S.-only on the form, so the billing address is always a U.S. address.',
  ],
};
