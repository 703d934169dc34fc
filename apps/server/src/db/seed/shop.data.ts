import {
  DIY_BASE_PRICE_USD_CENTS,
  DIY_SERVICE_MONTHS,
  type ProjectCode,
  type ServiceCode,
} from '@dossier/contract';

/**
 * The shop's catalogue as data (issue 5). Seeded into project, product, exchange_rate and promo_code;
 * staff edit prices, rates and codes in the database later (the seed never overwrites a price, a rate or
 * a promo code that already exists).
 */

export interface AreaData {
  code: string;
  name_zh: string;
  name_en: string;
}

/** Country/state areas the projects are sold in. */
export const SHOP_AREAS: AreaData[] = [{ code: 'US', name_zh: '美国', name_en: 'United States' }];

export interface ProjectData {
  code: ProjectCode;
  area: string;
  name_zh: string;
  name_en: string;
}

export const SHOP_PROJECTS: ProjectData[] = [
  { code: 'USA_EB1A', area: 'US', name_zh: 'EB-1A 杰出人才', name_en: 'EB-1A Extraordinary Ability' },
  { code: 'USA_NIW', area: 'US', name_zh: 'NIW 国家利益豁免', name_en: 'NIW National Interest Waiver' },
];

export interface ProductData {
  service: ServiceCode;
  kind: 'base' | 'addon';
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  /** USD cents. */
  price_minor: number;
  duration_months: number | null;
}

/** Add-on list prices (USD cents): a decision of issue 5, editable by staff. */
export const ADDON_PRICES_USD_CENTS = { REVIEW: 29_900, TRANSLATION: 39_900, CONSULTATION: 9_900 } as const;

/** The same four services are sold for every project. */
export const SHOP_PRODUCTS: ProductData[] = [
  {
    service: 'DIY_STANDARD',
    kind: 'base',
    name_zh: 'DIY 标准版',
    name_en: 'DIY Standard',
    description_zh:
      '在线自助工作台：表格引导填写、证据整理、推荐信、赴美计划、申请信、递交前必读、中英对照预览与一键生成可打印 PDF。有效期 18 个月，仅限单人使用。',
    description_en:
      'The online self-service workbench: guided forms, evidence collection, recommendation letters, US plan, petition letter, pre-submission checklist, side-by-side preview and one-click printable PDF. Valid for 18 months, single-person use.',
    price_minor: DIY_BASE_PRICE_USD_CENTS,
    duration_months: DIY_SERVICE_MONTHS,
  },
  {
    service: 'REVIEW',
    kind: 'addon',
    name_zh: '文书审核',
    name_en: 'Review',
    description_zh:
      '专业顾问审核您的申请材料并给出修改意见。须与基础服务同时购买或在基础服务有效期内购买，随基础服务到期。',
    description_en:
      'An adviser reviews your petition documents and returns comments. Bought with, or during, the basic service of the same project; ends with it.',
    price_minor: ADDON_PRICES_USD_CENTS.REVIEW,
    duration_months: null,
  },
  {
    service: 'TRANSLATION',
    kind: 'addon',
    name_zh: '翻译服务',
    name_en: 'Translation',
    description_zh:
      '由我们提供证据与推荐信的英文翻译。须与基础服务同时购买或在基础服务有效期内购买，随基础服务到期。',
    description_en:
      'We supply the English translations of your evidence and letters. Bought with, or during, the basic service of the same project; ends with it.',
    price_minor: ADDON_PRICES_USD_CENTS.TRANSLATION,
    duration_months: null,
  },
  {
    service: 'CONSULTATION',
    kind: 'addon',
    name_zh: '顾问咨询',
    name_en: 'Consultation',
    description_zh:
      '与顾问进行一次一对一咨询。须与基础服务同时购买或在基础服务有效期内购买，随基础服务到期。',
    description_en:
      'A one-to-one session with an adviser. Bought with, or during, the basic service of the same project; ends with it.',
    price_minor: ADDON_PRICES_USD_CENTS.CONSULTATION,
    duration_months: null,
  },
];

/** CNY per USD × 10 000. A demo rate; staff add dated rows later. */
export const SHOP_EXCHANGE_RATES = [{ rate_e4: 71_000, effective_at: '2026-01-01T00:00:00Z' }];

export interface PromoData {
  code: string;
  kind: 'percent' | 'amount';
  /** Percent, or USD cents. */
  value: number;
}

export const SHOP_PROMO_CODES: PromoData[] = [
  { code: 'WELCOME50', kind: 'amount', value: 5_000 },
  { code: 'FIRST10', kind: 'percent', value: 10 },
];
