/**
 * Lists shown on the service and information pages, as data so the screens stay generic and the i18n test can
 * check every key built from them.
 */

/** What the review consultation looks at: the five parts of the workbench a petition is made of. */
export const AUDIT_SCOPE = ['forms', 'evidence', 'letters', 'plan', 'petition'] as const;
/** One review round, from submitting a part to resubmitting it. */
export const AUDIT_STEPS = ['submit', 'review', 'result', 'resubmit'] as const;

/** Kinds of documents the translation service translates. */
export const TRANSLATE_SCOPE = [
  'identity',
  'education',
  'employment',
  'achievements',
  'letters',
  'media',
] as const;
/** What a certified translation delivers (8 CFR 103.2(b)(3)). */
export const TRANSLATE_CERTIFIED = ['full', 'certificate', 'layout'] as const;

/** The team, by role. */
export const TEAM_ROLES = ['product', 'editors', 'translators', 'support'] as const;
/** Who we are: the three points of the about-us page. */
export const ABOUT_POINTS = ['tooling', 'notLawFirm', 'price'] as const;

/** Sections of the privacy policy, in order. Each has a title and paragraphs or a list (see privacy-file-page). */
export const PRIVACY_SECTIONS = [
  'collect',
  'use',
  'storage',
  'retention',
  'access',
  'security',
  'rights',
  'contact',
] as const;
export const PRIVACY_COLLECT = ['account', 'email', 'case', 'payment', 'technical'] as const;
export const PRIVACY_USE = ['service', 'notify', 'review', 'support', 'law'] as const;
export const PRIVACY_RETENTION = ['deletion', 'purge', 'files'] as const;
export const PRIVACY_ACCESS = ['you', 'staff', 'noSale'] as const;
export const PRIVACY_SECURITY = ['transport', 'login', 'isolation', 'staff'] as const;

/** Sections of the terms of service, in order: what the service is and is not, use, duration, refunds, data. */
export const TERMS_SECTIONS = [
  'service',
  'notLegal',
  'singleUse',
  'duration',
  'refunds',
  'deletion',
  'changes',
  'contact',
] as const;

/** What the basic DIY service includes, on the promotion page. */
export const PROMOTION_INCLUDES = ['forms', 'evidence', 'letters', 'petition', 'pdf'] as const;
/** Rules of the offer. */
export const PROMOTION_RULES = ['firstPurchase', 'single', 'addOns', 'government'] as const;
