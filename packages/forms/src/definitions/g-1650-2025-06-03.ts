/**
 * Form G-1650, Authorization for ACH Transactions (added 2025-08-29; paper filings pay by card or ACH only
 * from 2025-10-28).
 *
 * There is no field map for G-1650: no copy of the PDF was found (shared/reference/uscis/report.md §3). The
 * items below are defined from the report's facts, and every item has `pdf: null` — the PDF filler cannot
 * fill this form until the official PDF is obtained and mapped. The edition 06/03/25 comes from third-party
 * code (unverified).
 */
import { item, L, nameItems, signature } from '../builders.ts';
import type { FormDefinition, Item } from '../types.ts';

const business = { item: 'p2.holder_type', equals: 'business' } as const;

const unmapped = (items: Item[]): Item[] =>
  items.map((it) => ({ ...it, pdf: it.type === 'signature' ? it.pdf : null }));

export const G1650_2025_06_03: FormDefinition = {
  formNumber: 'G-1650',
  edition: '06/03/25',
  editionDate: '2025-06-03',
  title: L('Authorization for ACH Transactions', 'ACH 银行账户扣款授权书'),
  parts: [
    {
      id: 'p1',
      number: 1,
      title: L("Applicant's / Petitioner's / Requester's Information", '申请人信息'),
      items: unmapped(
        nameItems(
          'p1.name',
          { family: 'FamilyName', given: 'GivenName', middle: 'MiddleName' },
          {
            required: true,
            ids: { family: 'p1.family', given: 'p1.given', middle: 'p1.middle' },
            numbers: { family: '', given: '', middle: '' },
          },
        ),
      ),
    },
    {
      id: 'p2',
      number: 2,
      title: L('Bank Account Holder Information', '账户持有人信息'),
      items: [
        item('p2.holder_type', '', L('Account Holder', '账户类别'), 'radio', null, {
          required: true,
          options: [
            { value: 'business', label: L('Business', '企业账户') },
            { value: 'personal', label: L('Personal', '个人账户') },
          ],
          help: L(
            'A G-1650 without the business/personal choice is rejected.',
            '未勾选企业或个人账户的 G-1650 会被拒收。',
          ),
        }),
        ...unmapped(
          nameItems(
            'p2.name',
            { family: 'FamilyName', given: 'GivenName', middle: 'MiddleName' },
            {
              required: true,
              ids: { family: 'p2.family', given: 'p2.given', middle: 'p2.middle' },
              numbers: { family: '', given: '', middle: '' },
              whose: L('Account holder:', '账户持有人'),
            },
          ),
        ),
        item('p2.business_name', '', L('Business Name', '企业名称'), 'text', null, {
          visibleWhen: business,
          required: business,
        }),
      ],
    },
    {
      id: 'p3',
      number: 3,
      title: L('Bank Account Information', '银行账户信息'),
      help: L(
        'U.S. bank accounts only. A debit refused for insufficient funds is retried once; any other refusal rejects the filing. If your bank blocks ACH debits, allow the USCIS Agency Location Codes first.',
        '仅限美国银行账户。因余额不足扣款失败时会再扣一次，其他原因失败则申请被拒收。如账户设置了 ACH 扣款拦截，请先将移民局的机构代码加入白名单。',
      ),
      items: [
        item(
          'p3.us_bank',
          '',
          L('I confirm this account is held at a U.S. bank.', '我确认此账户开设在美国银行。'),
          'checkbox',
          null,
          { required: true },
        ),
        item('p3.account_type', '', L('Account Type', '账户类型'), 'radio', null, {
          required: true,
          options: [
            { value: 'checking', label: L('Checking', '支票账户（Checking）') },
            { value: 'savings', label: L('Savings', '储蓄账户（Savings）') },
          ],
        }),
        item('p3.bank_name', '', L('Bank Name', '银行名称'), 'text', null, { required: true }),
        item('p3.routing', '', L('Routing Number', '银行路由号（ABA，9 位）'), 'digits', null, {
          required: true,
          digits: { min: 9, max: 9 },
        }),
        item('p3.account', '', L('Account Number', '银行账号'), 'digits', null, {
          required: true,
          digits: { min: 4, max: 17 },
        }),
        item('p3.amount', '', L('Authorized Payment Amount', '授权扣款金额（美元）'), 'money', null, {
          required: true,
          help: L(
            'The exact fee for this filing; one payment per benefit request.',
            '须与本次费用完全一致；每项申请单独付款。',
          ),
        }),
        signature('p3.signature', '', L("Account Holder's Signature", '账户持有人签名'), null),
      ],
    },
  ],
  checks: [{ kind: 'ach', routing: 'p3.routing', account: 'p3.account', amount: 'p3.amount' }],
  fieldmap: null,
  notes: [
    'No fieldmap: every item has pdf: null. A third-party pdf-lib filler names the fields form1[0].PG1[0].sf<Section>[0].<Name>[0] (sfApplicantPetitionerName, sfBankAccountHolderInfo with CB_AccountType[0]=Business/[1]=Personal, sfBankAccountInformation with CB_CreditCardType[0]=Checking/[1]=Savings, AuthorizedPaymentAmt, BankName, RoutingNumber, AccountNumber, BusinessName) — unverified, so not used.',
    'Edition 06/03/25 per third-party code (unverified).',
    'Do not mix G-1450 and G-1650 in one package.',
  ],
};
