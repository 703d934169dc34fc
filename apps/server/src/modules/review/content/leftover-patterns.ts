/**
 * Template and placeholder text left in what is mailed, and files that are not evidence (issue 31 item 6, decision
 * 0072), as data: what the `leftovers` rule looks for, with the words it shows (zh/en). Each pattern is matched on
 * the text as it is (no flags added by the rule: case sensitivity is the pattern's). Every expression is linear (no
 * nested quantifiers) and bounded, since it runs over every page of every upload on each review.
 *
 * - `strong`: template text nobody mails on purpose ("[insert …]", "Lorem ipsum", "请填写"); in the petition letter or
 *   the US plan it blocks the checklist (the customer can still mark it as intended), elsewhere it warns.
 * - `authored`: looked for only in what the customer writes or puts together (the petition letter, the US plan, the
 *   recommendation letters and the translations). A third party's document (an exhibit's original) may say "TBD" or
 *   "XXX" of its own accord, a Chinese form prints "请填写" before its blanks, a designer's work shows "Lorem ipsum".
 */
export interface Localized {
  zh: string;
  en: string;
}

export interface LeftoverPattern {
  key: string;
  re: RegExp;
  /**
   * A cheap test every match passes (a literal): pages without it are not searched with `re` (the case's text is
   * ~1 MB; a pattern with alternatives or look-arounds costs milliseconds over it on every review).
   */
  needle?: RegExp;
  strong: boolean;
  authored: boolean;
  label: Localized;
}

const CJK = '\\u3400-\\u9fff\\uf900-\\ufaff';

export const LEFTOVER_PATTERNS: readonly LeftoverPattern[] = [
  {
    key: 'note_to_self',
    needle: /forget/i,
    re: /\b(?:NB|N\.B\.|Note)\s*[:：]?\s*(?:please\s+)?(?:do\s+not|don[’']?t)\s+forget\b/i,
    strong: true,
    authored: false,
    label: {
      en: 'a note to yourself ("NB: Do not forget …")',
      zh: '写给自己的备注（"NB: Do not forget …"）',
    },
  },
  {
    key: 'insert',
    re: /[[［【{<]\s*(?:insert|add|enter|fill\s+in|type|put)\b[^\]］】}>\n]{0,80}[\]］】}>]/i,
    strong: true,
    authored: false,
    label: { en: 'an "[insert …]" placeholder', zh: '"[insert …]"（在此插入）占位符' },
  },
  {
    key: 'bracket_field',
    re: /[[［【{<]\s*(?:your\s+|the\s+)?(?:full\s+)?(?:name|title|job\s+title|date|company|organi[sz]ation|address|signature|recommender(?:'s)?\s+name|petitioner(?:'s)?\s+name|applicant(?:'s)?\s+name|position|university|institution|email|phone|field|city|country)\s*[\]］】}>]/i,
    strong: true,
    authored: false,
    label: { en: 'a field left to fill in ("[Name]", "[Date]")', zh: '未填写的字段（"[Name]"、"[Date]"）' },
  },
  {
    key: 'your_field',
    needle: /your/i,
    re: /[(（]\s*your\s+(?:full\s+)?(?:name|title|job\s+title|signature|position|organi[sz]ation|address|company|university)\s*[)）]/i,
    strong: true,
    authored: false,
    label: { en: 'a field left to fill in ("(your name)")', zh: '未填写的字段（"(your name)"）' },
  },
  {
    key: 'lorem_ipsum',
    needle: /lorem/i,
    re: /\blorem\s+ipsum\b/i,
    strong: true,
    authored: true,
    label: { en: 'placeholder text ("Lorem ipsum")', zh: '占位文字（"Lorem ipsum"）' },
  },
  {
    key: 'fill_in_zh',
    re: /此处填写|在此填写|请在此处?填写|请填写|待填写|待补充|此处插入|在此插入/,
    strong: true,
    authored: true,
    label: {
      en: 'a Chinese fill-in note ("此处填写", "请填写")',
      zh: '中文填写提示（"此处填写"、"请填写"）',
    },
  },
  {
    key: 'bracket_field_zh',
    re: /[[［【]\s*(?:姓名|名字|职位|职称|单位|日期|签名|推荐人|申请人|公司|机构|地址)\s*[\]］】]/,
    strong: true,
    authored: true,
    label: { en: 'a Chinese field left to fill in ("【姓名】")', zh: '未填写的中文字段（"【姓名】"）' },
  },
  {
    key: 'xyz',
    re: /\bXYZ\b/,
    strong: false,
    authored: true,
    label: { en: 'a stand-in name ("XYZ")', zh: '替代名称（"XYZ"）' },
  },
  {
    key: 'xxx',
    needle: /[XxＸｘ]{2}/,
    re: new RegExp(
      `(?<![A-Za-z])(?:[Xx]{4,}|XXX)(?![A-Za-z])|[XxＸｘ]{2,}(?=[${CJK}])|(?<=[${CJK}])[XxＸｘ]{2,}`,
    ),
    strong: false,
    authored: true,
    label: { en: 'a stand-in ("XXX", "xxxxx", "XX大学")', zh: '替代字样（"XXX"、"xxxxx"、"XX大学"）' },
  },
  {
    key: 'todo',
    re: /\b(?:TODO|TBD|TBC|FIXME)\b/,
    strong: false,
    authored: true,
    label: { en: 'a to-do mark ("TODO", "TBD")', zh: '待办标记（"TODO"、"TBD"）' },
  },
];

/**
 * Files that are not evidence: what gives them away in a name (the customer's name for the file, its English name,
 * the uploaded file's name) or in the text layer.
 */
export interface NotEvidencePattern {
  key: string;
  name: RegExp | null;
  text: RegExp | null;
  why: Localized;
}

export const NOT_EVIDENCE_PATTERNS: readonly NotEvidencePattern[] = [
  {
    key: 'cheque',
    name: /\bcheques?\b|\bbank\s+checks?\b|\bcheck\s+(?:image|copy|scan|photo)\b|支票/i,
    text: /\bpay\s+to\s+the\s+order\s+of\b|支票/i,
    why: {
      en: 'it looks like a cheque: a payment instrument proves no criterion (a payslip or a tax record with the employer named shows pay)',
      zh: '它看起来是一张支票：支付凭证不能证明任何标准（工资单或注明雇主的税务记录才能证明收入）',
    },
  },
  {
    key: 'specimen',
    name: /\b(?:specimen|template|blank\s+form)\b|^\s*sample\b|\bsample\s+(?:letter|document|form|certificate|file)\b|样例|样板|模板|范本|范文|示例/i,
    text: /\bSPECIMEN\b|\bSAMPLE\s+ONLY\b|\bTHIS\s+IS\s+A\s+SAMPLE\b/,
    why: {
      en: 'it looks like a sample, specimen or template, not a document about you: an officer gives it no weight',
      zh: '它看起来是样本、样例或模板，而不是关于您本人的文件：签证官不会采信',
    },
  },
];
