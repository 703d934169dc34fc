import enAccount from '../locales/en/account.json' with { type: 'json' };
import enAssessment from '../locales/en/assessment.json' with { type: 'json' };
import enAssistant from '../locales/en/assistant.json' with { type: 'json' };
import enChecklist from '../locales/en/checklist.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enContact from '../locales/en/contact.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import enFiling from '../locales/en/filing.json' with { type: 'json' };
import enForms from '../locales/en/forms.json' with { type: 'json' };
import enHome from '../locales/en/home.json' with { type: 'json' };
import enMessages from '../locales/en/messages.json' with { type: 'json' };
import enNotifications from '../locales/en/notifications.json' with { type: 'json' };
import enPacket from '../locales/en/packet.json' with { type: 'json' };
import enPages from '../locales/en/pages.json' with { type: 'json' };
import enPreview from '../locales/en/preview.json' with { type: 'json' };
import enPrograms from '../locales/en/programs.json' with { type: 'json' };
import enQa from '../locales/en/qa.json' with { type: 'json' };
import enQueues from '../locales/en/queues.json' with { type: 'json' };
import enReview from '../locales/en/review.json' with { type: 'json' };
import enRfe from '../locales/en/rfe.json' with { type: 'json' };
import enRoutes from '../locales/en/routes.json' with { type: 'json' };
import enScreens from '../locales/en/screens.json' with { type: 'json' };
import enShop from '../locales/en/shop.json' with { type: 'json' };
import enStaff from '../locales/en/staff.json' with { type: 'json' };
import enTasks from '../locales/en/tasks.json' with { type: 'json' };
import enUploads from '../locales/en/uploads.json' with { type: 'json' };
import enWorkbench from '../locales/en/workbench.json' with { type: 'json' };
import zhAccount from '../locales/zh/account.json' with { type: 'json' };
import zhAssessment from '../locales/zh/assessment.json' with { type: 'json' };
import zhAssistant from '../locales/zh/assistant.json' with { type: 'json' };
import zhChecklist from '../locales/zh/checklist.json' with { type: 'json' };
import zhCommon from '../locales/zh/common.json' with { type: 'json' };
import zhContact from '../locales/zh/contact.json' with { type: 'json' };
import zhErrors from '../locales/zh/errors.json' with { type: 'json' };
import zhFiling from '../locales/zh/filing.json' with { type: 'json' };
import zhForms from '../locales/zh/forms.json' with { type: 'json' };
import zhHome from '../locales/zh/home.json' with { type: 'json' };
import zhMessages from '../locales/zh/messages.json' with { type: 'json' };
import zhNotifications from '../locales/zh/notifications.json' with { type: 'json' };
import zhPacket from '../locales/zh/packet.json' with { type: 'json' };
import zhPages from '../locales/zh/pages.json' with { type: 'json' };
import zhPreview from '../locales/zh/preview.json' with { type: 'json' };
import zhPrograms from '../locales/zh/programs.json' with { type: 'json' };
import zhQa from '../locales/zh/qa.json' with { type: 'json' };
import zhQueues from '../locales/zh/queues.json' with { type: 'json' };
import zhReview from '../locales/zh/review.json' with { type: 'json' };
import zhRfe from '../locales/zh/rfe.json' with { type: 'json' };
import zhRoutes from '../locales/zh/routes.json' with { type: 'json' };
import zhScreens from '../locales/zh/screens.json' with { type: 'json' };
import zhShop from '../locales/zh/shop.json' with { type: 'json' };
import zhStaff from '../locales/zh/staff.json' with { type: 'json' };
import zhTasks from '../locales/zh/tasks.json' with { type: 'json' };
import zhUploads from '../locales/zh/uploads.json' with { type: 'json' };
import zhWorkbench from '../locales/zh/workbench.json' with { type: 'json' };

/**
 * Every namespace, in both languages. zh and en must hold identical key sets (test/parity.test.ts).
 * Used by the web app (react-i18next), server messages and PDFs.
 */
export const resources = {
  zh: {
    account: zhAccount,
    assessment: zhAssessment,
    checklist: zhChecklist,
    common: zhCommon,
    contact: zhContact,
    errors: zhErrors,
    filing: zhFiling,
    forms: zhForms,
    home: zhHome,
    messages: zhMessages,
    notifications: zhNotifications,
    packet: zhPacket,
    pages: zhPages,
    preview: zhPreview,
    programs: zhPrograms,
    qa: zhQa,
    queues: zhQueues,
    review: zhReview,
    assistant: zhAssistant,
    rfe: zhRfe,
    routes: zhRoutes,
    screens: zhScreens,
    shop: zhShop,
    staff: zhStaff,
    tasks: zhTasks,
    uploads: zhUploads,
    workbench: zhWorkbench,
  },
  en: {
    account: enAccount,
    assessment: enAssessment,
    checklist: enChecklist,
    common: enCommon,
    contact: enContact,
    errors: enErrors,
    filing: enFiling,
    forms: enForms,
    home: enHome,
    messages: enMessages,
    notifications: enNotifications,
    packet: enPacket,
    pages: enPages,
    preview: enPreview,
    programs: enPrograms,
    qa: enQa,
    queues: enQueues,
    review: enReview,
    assistant: enAssistant,
    rfe: enRfe,
    routes: enRoutes,
    screens: enScreens,
    shop: enShop,
    staff: enStaff,
    tasks: enTasks,
    uploads: enUploads,
    workbench: enWorkbench,
  },
} as const;

export type Namespace = keyof (typeof resources)['zh'];
export const NAMESPACES = Object.keys(resources.zh) as Namespace[];

type Dict = { [k: string]: string | Dict };

function lookup(dict: Dict | undefined, key: string): string | undefined {
  let cur: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (cur === undefined || typeof cur === 'string') return undefined;
    cur = cur[part];
  }
  return typeof cur === 'string' ? cur : undefined;
}

/**
 * Server-side translation: `translate('en', 'errors:not_found')` or `translate('zh', 'errors:validation', { field })`.
 * Falls back to en, then to the key itself, so a missing key is visible rather than silent.
 */
/** Each key's text, found once per process (the resources never change; the packet's stamps ask thousands of times). */
const found = new Map<string, string>();

export function translate(
  locale: 'zh' | 'en',
  nsKey: string,
  vars: Record<string, string | number> = {},
): string {
  const at = `${locale}\u0000${nsKey}`;
  let text = found.get(at);
  if (text === undefined) {
    const [ns, key] = nsKey.includes(':') ? (nsKey.split(':', 2) as [string, string]) : ['errors', nsKey];
    text =
      lookup(resources[locale][ns as Namespace] as Dict | undefined, key) ??
      lookup(resources.en[ns as Namespace] as Dict | undefined, key) ??
      nsKey;
    found.set(at, text);
  }
  return text.includes('{{')
    ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''))
    : text;
}
