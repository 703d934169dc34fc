/**
 * What each issue says (zh and en) and how much it weighs (decision 0056): an `error` refuses the save (spec §5
 * and what USCIS intake rejects), a `blocking` issue saves but keeps the filing from going out (the checklist
 * refuses "I confirm"), a `warning` informs and never blocks Save, the filled PDF or the checklist.
 */
import type { Localized } from './types.ts';

export type IssueCode =
  | 'required'
  | 'choice_required'
  | 'option_invalid'
  | 'max_length'
  | 'email_invalid'
  | 'email_domain_refused'
  | 'phone_invalid'
  | 'date_invalid'
  | 'date_in_future'
  | 'date_order'
  | 'number_invalid'
  | 'money_invalid'
  | 'money_whole_dollars'
  | 'ssn_invalid'
  | 'a_number_invalid'
  | 'receipt_invalid'
  | 'ein_invalid'
  | 'uscis_account_invalid'
  | 'digits_invalid'
  | 'zip_invalid'
  | 'country_required'
  | 'state_required'
  | 'zip_required'
  | 'state_not_allowed'
  | 'zip_not_allowed'
  | 'province_not_allowed'
  | 'signature_must_be_empty'
  | 'card_number_invalid'
  | 'card_luhn'
  | 'card_brand_unknown'
  | 'card_brand_mismatch'
  | 'card_expired'
  | 'amount_not_positive'
  | 'routing_invalid'
  | 'account_number_invalid'
  | 'amount_not_fees_due'
  | 'preparer_not_declared'
  | 'preparer_missing'
  | 'value_fixed'
  | 'value_not_allowed'
  | 'not_applicable_refused'
  | 'fee_answers_conflict'
  | 'unanswered'
  | 'company_for_individual'
  | 'signature_date_old'
  | 'signature_date_future'
  | 'profile_conflict'
  | 'profile_override';

export type Severity = 'error' | 'blocking' | 'warning';

/** Every code refuses unless listed here. */
const NOT_REFUSED: Partial<Record<IssueCode, Exclude<Severity, 'error'>>> = {
  fee_answers_conflict: 'blocking',
  unanswered: 'warning',
  company_for_individual: 'warning',
  signature_date_old: 'warning',
  signature_date_future: 'warning',
  profile_conflict: 'warning',
  profile_override: 'warning',
};

export const severityOf = (code: IssueCode): Severity => NOT_REFUSED[code] ?? 'error';

export const MESSAGES: Record<IssueCode, (p: Record<string, string | number>) => Localized> = {
  required: () => ({ en: 'This field is required.', zh: '此项为必填项。' }),
  choice_required: () => ({ en: "You haven't chosen an option.", zh: '您还没有选择。' }),
  option_invalid: () => ({ en: 'Please choose one of the listed options.', zh: '请从列出的选项中选择。' }),
  max_length: (p) => ({
    en: `Too long for the form: at most ${p.max} characters (now ${p.length}). Shorten it, or continue in the "Additional Information" part.`,
    zh: `超出表格长度：最多 ${p.max} 个字符（当前 ${p.length} 个）。请精简，或在"补充信息"部分续写。`,
  }),
  email_invalid: () => ({ en: 'Please enter a valid email address.', zh: '请输入有效的电子邮箱地址。' }),
  email_domain_refused: (p) => ({
    en: `Email addresses at ${p.domain} cannot be used. Please use another mailbox.`,
    zh: `不能使用 ${p.domain} 的邮箱，请换用其他邮箱。`,
  }),
  phone_invalid: () => ({
    en: 'Please enter a valid telephone number (digits only).',
    zh: '请输入有效的电话号码（仅限数字）。',
  }),
  date_invalid: () => ({ en: 'Please enter a valid date.', zh: '请输入有效的日期。' }),
  date_in_future: () => ({ en: 'This date cannot be in the future.', zh: '此日期不能晚于今天。' }),
  date_order: (p) => ({
    en: `This date cannot be earlier than item ${p.start}. Leave it blank if it is still current.`,
    zh: `此日期不能早于第 ${p.start} 项的日期；如至今仍在持续，可留空。`,
  }),
  number_invalid: () => ({ en: 'Please enter a whole number.', zh: '请输入整数。' }),
  money_invalid: () => ({
    en: 'Please enter an amount in US dollars, e.g. 1015 or 1015.50.',
    zh: '请输入美元金额，例如 1015 或 1015.50。',
  }),
  money_whole_dollars: () => ({
    en: 'Enter whole dollars only, without cents.',
    zh: '只能填写整数美元，不含美分。',
  }),
  ssn_invalid: () => ({
    en: 'A Social Security Number has 9 digits (e.g. 123-45-6789).',
    zh: '社会安全号应为 9 位数字（如 123-45-6789）。',
  }),
  a_number_invalid: () => ({
    en: 'An A-Number has 7 to 9 digits after the "A".',
    zh: 'A-Number 为字母 A 后接 7 至 9 位数字。',
  }),
  receipt_invalid: () => ({
    en: 'A receipt number has 3 letters and 10 digits (e.g. IOE0912345678).',
    zh: '收据号码为 3 个字母加 10 位数字（如 IOE0912345678）。',
  }),
  ein_invalid: () => ({ en: 'An EIN has 9 digits.', zh: '雇主识别号（EIN）应为 9 位数字。' }),
  uscis_account_invalid: () => ({
    en: 'A USCIS Online Account Number has 12 digits.',
    zh: 'USCIS 在线账户号码应为 12 位数字。',
  }),
  digits_invalid: (p) => ({
    en: p.min === p.max ? `Please enter ${p.min} digits.` : `Please enter ${p.min} to ${p.max} digits.`,
    zh: p.min === p.max ? `请输入 ${p.min} 位数字。` : `请输入 ${p.min} 至 ${p.max} 位数字。`,
  }),
  zip_invalid: () => ({ en: 'A ZIP Code has 5 digits.', zh: '美国邮编（ZIP Code）为 5 位数字。' }),
  country_required: () => ({
    en: 'Please enter the country of this address.',
    zh: '请填写该地址所在的国家。',
  }),
  state_required: () => ({ en: 'A U.S. address needs a State.', zh: '美国地址必须选择州。' }),
  zip_required: () => ({ en: 'A U.S. address needs a ZIP Code.', zh: '美国地址必须填写邮编（ZIP Code）。' }),
  state_not_allowed: () => ({
    en: 'State is only for U.S. addresses; use Province instead.',
    zh: '"州"仅适用于美国地址，非美国地址请填写"省份"。',
  }),
  zip_not_allowed: () => ({
    en: 'ZIP Code is only for U.S. addresses; use Postal Code instead.',
    zh: 'ZIP Code 仅适用于美国地址，非美国地址请填写"邮政编码"。',
  }),
  province_not_allowed: () => ({
    en: 'Province is not used for a U.S. address; use State instead.',
    zh: '美国地址不填"省份"，请选择"州"。',
  }),
  signature_must_be_empty: () => ({
    en: 'Signatures cannot be typed: print the form and sign it by hand.',
    zh: '签名不能打字填写：请打印表格后亲笔签名。',
  }),
  card_number_invalid: () => ({ en: 'Please enter the full card number.', zh: '请输入完整的卡号。' }),
  card_luhn: () => ({ en: 'This card number is not valid. Please check it.', zh: '卡号无效，请核对。' }),
  card_brand_unknown: () => ({
    en: 'USCIS accepts Visa, MasterCard, American Express or Discover cards only.',
    zh: '移民局仅接受 Visa、MasterCard、American Express 或 Discover 卡。',
  }),
  card_brand_mismatch: (p) => ({
    en: `The card number is a ${p.detected} number; please select that card type.`,
    zh: `该卡号属于 ${p.detected}，请选择对应的卡类型。`,
  }),
  card_expired: () => ({ en: 'This card has expired.', zh: '此卡已过期。' }),
  amount_not_positive: () => ({ en: 'The amount must be greater than zero.', zh: '金额必须大于零。' }),
  routing_invalid: () => ({
    en: 'This is not a valid 9-digit U.S. bank routing (ABA) number.',
    zh: '这不是有效的 9 位美国银行路由号（ABA）。',
  }),
  account_number_invalid: () => ({
    en: 'A bank account number has 4 to 17 digits.',
    zh: '银行账号应为 4 至 17 位数字。',
  }),
  amount_not_fees_due: (p) => ({
    en: `The authorised amount must be the fee due: ${p.amounts} (USCIS fee table checked on ${p.checked}).`,
    zh: `授权金额必须等于应缴费用：${p.amounts}（移民局费用表核对日期 ${p.checked}）。`,
  }),
  preparer_not_declared: () => ({
    en: 'A preparer is named in the preparer part: select this statement too (or remove the preparer).',
    zh: '代填人部分已填写代填人：请同时勾选此声明（或删除代填人信息）。',
  }),
  preparer_missing: () => ({
    en: 'You said a preparer prepared this request: give the preparer in the preparer part (or clear this box).',
    zh: '您声明由代填人填写本请求：请在代填人部分填写其信息（或取消勾选）。',
  }),
  profile_conflict: (p) => ({
    en: `This answer differs from Part ${p.part} item ${p.item}, which your profile keeps: it will be kept for this form only (the other forms print the profile's). If they should be the same, change one of them.`,
    zh: `此项与第 ${p.part} 部分第 ${p.item} 项（个人资料中的值）不同：保存后仅用于本表，其他表格仍打印个人资料中的值。如两者应一致，请修改其中一项。`,
  }),
  profile_override: () => ({
    en: 'Overridden for this form: it differs from your profile, which the other forms print.',
    zh: '本表单独填写：与个人资料不同，其他表格打印的是个人资料中的值。',
  }),
  value_not_allowed: (p) => ({
    en: `Not for this petition: "${p.label_en}" does not apply to a self-petition for EB-1A or EB-2 NIW and contradicts the classification in item 1. Leave it unselected.`,
    zh: `不适用于本申请："${p.label_zh}"不适用于 EB-1A 或 EB-2 NIW 自行申请，且与第 1 项的类别矛盾。请不要选择。`,
  }),
  not_applicable_refused: () => ({
    en: 'A date or a choice cannot be "N/A": leave it blank when it does not apply.',
    zh: '日期或选项不能填写"N/A"：不适用时请留空。',
  }),
  fee_answers_conflict: (p) => ({
    en: `Items 5 and 6 as answered mean the ${p.answered} Asylum Program Fee, but this filing pays ${p.charged} (the self-petitioner's fee). USCIS rejects a petition whose fee does not match these answers: a self-petitioner answers 5 = No and 6 = Yes.`,
    zh: `按第 5、6 项的回答，庇护项目费应为 ${p.answered}，而本次申请缴纳的是 ${p.charged}（自行申请人的费用）。费用与这两项回答不符，移民局会拒收：自行申请人应回答第 5 项"否"、第 6 项"是"。`,
  }),
  unanswered: () => ({
    en: 'Not answered. USCIS does not reject a petition for leaving it blank, but answer it if you can.',
    zh: '尚未回答。留空不会导致移民局拒收，但如能回答请填写。',
  }),
  company_for_individual: () => ({
    en: 'Item 2 is for a company or organization filing. An individual petitioner (Part 5 "Self") answers 1.a–1.c and leaves item 2 blank or writes N/A: a company name here reads as an employer petition.',
    zh: '第 2 项供公司或机构申请人填写。个人申请人（第 5 部分选"本人"）只填 1.a–1.c，第 2 项留空或填写 N/A：此处填写公司名称会被理解为雇主申请。',
  }),
  signature_date_old: (p) => ({
    en: `This signature date is more than ${p.days} days before today. Sign and date the form by hand when you print the final packet, or type the same recent date on every form.`,
    zh: `此签名日期早于今天超过 ${p.days} 天。请在打印最终材料时亲笔签名并手写日期，或在每份表格上填写同一个近期日期。`,
  }),
  signature_date_future: () => ({
    en: 'This signature date is after today: date the form when you sign it (by hand is best).',
    zh: '此签名日期晚于今天：请在签名当天填写日期（最好手写）。',
  }),
  value_fixed: (p) => ({
    en: `This answer is set by your case: ${p.expected_en}.`,
    zh: `此项由您的案件决定：${p.expected_zh}。`,
  }),
};
