/**
 * Generic validation of a form's answers against its definition. Pure (no Node APIs): the web wizard runs
 * it while the user types, the server runs it before saving and before filling the PDF.
 */
import {
  abaRoutingValid,
  bankAccountValid,
  cardBrand,
  cardLengthValid,
  cardNotExpired,
  luhnValid,
} from './checks.ts';
import {
  isValidIsoDate,
  isValidIsoMonth,
  normaliseANumber,
  normaliseMoney,
  normaliseReceipt,
  printedText,
} from './format.ts';
import type { FormDefinition, FormValues, Item, Localized } from './types.ts';
import {
  allItems,
  answerOf,
  asText,
  digitsOnly,
  findItem,
  isEmpty,
  isRequired,
  isUnitedStates,
  isVisible,
} from './values.ts';

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
  | 'profile_conflict';

export interface Issue {
  itemId: string;
  code: IssueCode;
  message: Localized;
}

export interface ValidateOptions {
  /** Today's date in the user's timezone, `YYYY-MM-DD` (for expiry and "not in the future" checks). */
  today: string;
  /** E-mail domains that are refused (spec §5: one large consumer mail service); compared case-insensitively. */
  refusedEmailDomains?: readonly string[];
  /**
   * The authorised amount of a payment check (G-1450/G-1650) must be one of these fees, in US cents, from the
   * dated fee table (`checked` is the table's verification date, shown in the message).
   */
  amountsDue?: { cents: readonly number[]; checked: string };
  /** Answers the case decides (the petition type of an EB-1A or NIW workbench): any other answer is refused. */
  fixed?: FormValues;
}

const M: Record<IssueCode, (p: Record<string, string | number>) => Localized> = {
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
    en: `This answer comes from your profile, like Part ${p.part} item ${p.item}, and must be the same: change both, or override it for this form.`,
    zh: `此项与第 ${p.part} 部分第 ${p.item} 项同取自个人资料，两者必须一致：请同时修改，或为本表单独填写。`,
  }),
  value_fixed: (p) => ({
    en: `This answer is set by your case: ${p.expected_en}.`,
    zh: `此项由您的案件决定：${p.expected_zh}。`,
  }),
};

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
};

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const CHOICE_TYPES = new Set(['radio', 'select', 'state', 'yes_no']);

/** One issue with its localised message (for rules checked outside `validateForm`). */
export function issueOf(
  itemId: string,
  code: IssueCode,
  params: Record<string, string | number> = {},
): Issue {
  return { itemId, code, message: M[code](params) };
}

export function validateForm(def: FormDefinition, values: FormValues, opts: ValidateOptions): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const add = (itemId: string, code: IssueCode, params: Record<string, string | number> = {}) => {
    const key = `${itemId}|${code}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ itemId, code, message: M[code](params) });
  };
  const hasIssue = (itemId: string) => issues.some((i) => i.itemId === itemId);

  for (const item of allItems(def)) {
    const raw = answerOf(item, values);
    if (item.type === 'signature') {
      if (!isEmpty(raw)) add(item.id, 'signature_must_be_empty');
      continue;
    }
    if (!isVisible(def, item, values)) continue;
    if (isEmpty(raw)) {
      if (!item.copyFrom && isRequired(def, item, values)) {
        add(
          item.id,
          CHOICE_TYPES.has(item.type) || item.type === 'checkbox' ? 'choice_required' : 'required',
        );
      }
      continue;
    }
    checkFormat(item, raw, opts, add);
    if (!hasIssue(item.id) && item.maxLength !== undefined) {
      const printed = printedText(item, raw);
      if (printed.length > item.maxLength)
        add(item.id, 'max_length', { max: item.maxLength, length: printed.length });
    }
  }

  checkAddresses(def, values, add, hasIssue);
  checkDateRanges(def, values, add);
  checkPayments(def, values, opts, add, hasIssue);
  checkFixed(def, values, opts, add);
  return issues;
}

type Add = (itemId: string, code: IssueCode, params?: Record<string, string | number>) => void;

function checkFormat(item: Item, raw: FormValues[string], opts: ValidateOptions, add: Add): void {
  const s = asText(raw);
  const id = item.id;
  switch (item.type) {
    case 'email': {
      if (!EMAIL.test(s)) {
        add(id, 'email_invalid');
        return;
      }
      const domain = s.slice(s.lastIndexOf('@') + 1).toLowerCase();
      const refused = (opts.refusedEmailDomains ?? []).map((d) => d.toLowerCase().replace(/^@/, ''));
      if (refused.some((d) => domain === d || domain.endsWith(`.${d}`)))
        add(id, 'email_domain_refused', { domain });
      return;
    }
    case 'phone': {
      const d = digitsOnly(s);
      if (!/^\+?[\d\s().-]+$/.test(s) || d.length < 7 || d.length > 15) add(id, 'phone_invalid');
      return;
    }
    case 'date':
      if (!isValidIsoDate(s)) {
        add(id, 'date_invalid');
        return;
      }
      if (item.notFuture && s > opts.today) add(id, 'date_in_future');
      return;
    case 'month_year':
      if (!isValidIsoMonth(s)) add(id, 'date_invalid');
      return;
    case 'number':
      if (!/^\d+$/.test(s.replace(/[,\s]/g, ''))) add(id, 'number_invalid');
      return;
    case 'money': {
      const m = normaliseMoney(raw);
      if (m === null) {
        add(id, 'money_invalid');
        return;
      }
      if (item.wholeDollars && m.includes('.')) add(id, 'money_whole_dollars');
      return;
    }
    case 'ssn': {
      const d = digitsOnly(s);
      const ok =
        /^[\d\s-]+$/.test(s) &&
        /^\d{9}$/.test(d) &&
        !/^(000|666|9)/.test(d) &&
        d.slice(3, 5) !== '00' &&
        d.slice(5) !== '0000';
      if (!ok) add(id, 'ssn_invalid');
      return;
    }
    case 'a_number':
      if (!/^\d{9}$/.test(normaliseANumber(raw))) add(id, 'a_number_invalid');
      return;
    case 'receipt':
      if (!/^[A-Z]{3}\d{10}$/.test(normaliseReceipt(raw))) add(id, 'receipt_invalid');
      return;
    case 'ein':
      if (!/^[\d\s-]+$/.test(s) || digitsOnly(s).length !== 9) add(id, 'ein_invalid');
      return;
    case 'uscis_account':
      if (!/^[\d\s-]+$/.test(s) || digitsOnly(s).length !== 12) add(id, 'uscis_account_invalid');
      return;
    case 'digits': {
      const d = digitsOnly(s);
      const { min, max } = item.digits ?? { min: 1, max: 64 };
      if (!/^[\d\s-]+$/.test(s) || d.length < min || d.length > max) add(id, 'digits_invalid', { min, max });
      return;
    }
    case 'zip':
      if (!/^\d{5}$/.test(s)) add(id, 'zip_invalid');
      return;
    case 'radio':
    case 'select':
    case 'state':
    case 'yes_no':
      if (!item.options?.some((o) => o.value === s)) add(id, 'option_invalid');
      return;
    default:
      return;
  }
}

/** Spec §5: State or Province depending on the country — exactly one of them. */
function checkAddresses(
  def: FormDefinition,
  values: FormValues,
  add: Add,
  hasIssue: (id: string) => boolean,
): void {
  for (const g of def.addresses ?? []) {
    const first = findItem(def, g.lines[0]!);
    if (first && !isVisible(def, first, values)) continue;
    const v = (id: string | undefined) => (id ? values[id] : undefined);
    const parts = [...g.lines, g.state, g.zip, g.province, g.postalCode].filter((x): x is string => !!x);
    if (parts.every((id) => isEmpty(values[id]))) continue;
    const us = g.country ? isUnitedStates(v(g.country)) : true;
    if (g.country && isEmpty(v(g.country))) {
      if (!hasIssue(g.country)) add(g.country, 'country_required');
      continue;
    }
    if (us) {
      if (g.state && isEmpty(v(g.state))) add(g.state, 'state_required');
      if (g.zip && isEmpty(v(g.zip))) add(g.zip, 'zip_required');
      if (g.province && !isEmpty(v(g.province))) add(g.province, 'province_not_allowed');
    } else {
      if (g.state && !isEmpty(v(g.state))) add(g.state, 'state_not_allowed');
      if (g.zip && !isEmpty(v(g.zip))) add(g.zip, 'zip_not_allowed');
    }
  }
}

function checkDateRanges(def: FormDefinition, values: FormValues, add: Add): void {
  for (const r of def.dateRanges ?? []) {
    const start = asText(values[r.start]);
    const end = asText(values[r.end]);
    // An empty end means "current": nothing to compare.
    if (!end || !start || !isValidIsoDate(start) || !isValidIsoDate(end)) continue;
    const endItem = findItem(def, r.end);
    if (endItem && !isVisible(def, endItem, values)) continue;
    if (start > end) add(r.end, 'date_order', { start: findItem(def, r.start)?.number ?? r.start });
  }
}

function checkPayments(
  def: FormDefinition,
  values: FormValues,
  opts: ValidateOptions,
  add: Add,
  hasIssue: (id: string) => boolean,
): void {
  const positive = (id: string) => {
    const m = normaliseMoney(values[id]);
    if (m !== null && Number(m) <= 0) add(id, 'amount_not_positive');
  };
  const due = (id: string) => {
    const m = normaliseMoney(values[id]);
    if (m === null || !opts.amountsDue || hasIssue(id)) return;
    const cents = Math.round(Number(m) * 100);
    if (!opts.amountsDue.cents.includes(cents)) {
      const amounts = opts.amountsDue.cents.map((c) => `$${(c / 100).toLocaleString('en-US')}`).join(', ');
      add(id, 'amount_not_fees_due', { amounts, checked: opts.amountsDue.checked });
    }
  };
  for (const c of def.checks ?? []) {
    if (c.kind === 'preparer') {
      const named = !isEmpty(values[c.named]);
      const declared = values[c.declared] === true;
      if (named && !declared) add(c.declared, 'preparer_not_declared');
      if (declared && !named) add(c.named, 'preparer_missing');
      continue;
    }
    if (c.kind === 'card') {
      const raw = asText(values[c.number]);
      if (raw && !hasIssue(c.number)) {
        const d = digitsOnly(raw);
        const brand = cardBrand(d);
        if (!/^[\d\s-]+$/.test(raw) || d.length < 12) add(c.number, 'card_number_invalid');
        else if (!brand) add(c.number, 'card_brand_unknown');
        else if (!cardLengthValid(d, brand)) add(c.number, 'card_number_invalid');
        else if (!luhnValid(d)) add(c.number, 'card_luhn');
        const chosen = asText(values[c.brand]);
        if (brand && chosen && chosen !== brand) {
          add(c.brand, 'card_brand_mismatch', { detected: BRAND_NAMES[brand] ?? brand });
        }
      }
      const exp = asText(values[c.expiry]);
      if (exp && isValidIsoMonth(exp) && !cardNotExpired(exp, opts.today)) add(c.expiry, 'card_expired');
      positive(c.amount);
      due(c.amount);
    } else {
      const routing = asText(values[c.routing]);
      if (routing && !hasIssue(c.routing) && !abaRoutingValid(digitsOnly(routing)))
        add(c.routing, 'routing_invalid');
      const account = asText(values[c.account]);
      if (
        account &&
        !hasIssue(c.account) &&
        !(/^[\d\s-]+$/.test(account) && bankAccountValid(digitsOnly(account)))
      ) {
        add(c.account, 'account_number_invalid');
      }
      positive(c.amount);
      due(c.amount);
    }
  }
}

/** Answers fixed by the case (EB-1A → Part 2 1.a, NIW → 1.h): an empty answer is `required`, another one refused. */
function checkFixed(def: FormDefinition, values: FormValues, opts: ValidateOptions, add: Add): void {
  for (const [id, expected] of Object.entries(opts.fixed ?? {})) {
    const item = findItem(def, id);
    const v = values[id];
    if (!item || isEmpty(v) || asText(v) === asText(expected)) continue;
    const option = item.options?.find((o) => o.value === asText(expected));
    const label = option?.label ?? { en: asText(expected), zh: asText(expected) };
    add(id, 'value_fixed', { expected_en: label.en, expected_zh: label.zh });
  }
}
