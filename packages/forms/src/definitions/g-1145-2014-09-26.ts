/**
 * Form G-1145, e-Notification of Application/Petition Acceptance — edition 09/26/14 (one page, clipped on
 * top of the package). Fields from shared/reference/uscis/fieldmaps/G-1145_09-26-14_fields.tsv.
 */
import { filled, item, L, text } from '../builders.ts';
import type { FormDefinition } from '../types.ts';

const f = (name: string) => `form1[0].#subform[0].${name}`;

export const G1145_2014_09_26: FormDefinition = {
  formNumber: 'G-1145',
  edition: '09/26/14',
  editionDate: '2014-09-26',
  title: L('e-Notification of Application/Petition Acceptance', '申请受理电子通知'),
  parts: [
    {
      id: 'p1',
      number: 1,
      title: L('Applicant/Petitioner', '申请人'),
      help: L(
        'USCIS sends one e-mail and/or text message within 24 hours of accepting the petition at a lockbox. Overseas applicants receive e-mail only.',
        '移民局在收件处受理申请后 24 小时内发送一封邮件和/或一条短信，告知收据号码。身在美国境外的申请人只会收到邮件。',
      ),
      items: [
        item(
          'p1.last',
          '',
          L('Applicant/Petitioner Full Last Name', '申请人姓（拼音）'),
          'text',
          text(f('LastName[0]')),
          { required: true, maxLength: 30 },
        ),
        item(
          'p1.first',
          '',
          L('Applicant/Petitioner Full First Name', '申请人名（拼音）'),
          'text',
          text(f('FirstName[0]')),
          { required: true, maxLength: 18 },
        ),
        item(
          'p1.middle',
          '',
          L('Applicant/Petitioner Full Middle Name', '申请人中间名（如有）'),
          'text',
          text(f('MiddleName[0]')),
          { maxLength: 18 },
        ),
        item('p1.email', '', L('Email Address', '电子邮箱'), 'email', text(f('Email[0]')), {
          required: { item: 'p1.mobile', filled: false },
          help: L(
            'Give an e-mail address, a U.S. mobile number, or both.',
            '请至少填写电子邮箱或美国手机号码其中一项。',
          ),
        }),
        item(
          'p1.mobile',
          '',
          L('Mobile Phone Number (Text Message)', '手机号码（接收短信）'),
          'phone',
          text(f('MobilePhoneNumber[0]')),
          {
            maxLength: 15,
            required: { not: filled('p1.email') },
            help: L(
              'Digits only, without spaces, dashes or parentheses. Text messages go to U.S. numbers only.',
              '只填数字，不加空格、横线或括号。短信只发送到美国手机号码。',
            ),
          },
        ),
      ],
    },
  ],
  fieldmap: 'G-1145_09-26-14',
};
