import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  CASE_FORMS,
  CASE_STAGES,
  ETA9089_FILE_KINDS,
  FEE_KEYS,
  FORM_PDF_REASONS,
  FORM_STATUSES,
  PAYMENT_FORMS,
  STAGE_STATUSES,
} from '@dossier/contract';
import { resources } from '@dossier/i18n';
import { describe, expect, it } from 'vitest';
import * as PAGE_DATA from '../src/features/pages/page-data.ts';
import {
  EB1A_CRITERIA,
  NIW_PRONGS,
  NIW_ROUTES,
  PROCESS_STEPS,
} from '../src/features/programs/program-data.ts';
import { NAV_ITEMS } from '../src/features/shell/nav-items.ts';
import { WORKBENCH_TABS } from '../src/features/workbench/workbench-tabs.ts';

/**
 * Components may only show text through i18n keys; a key that exists in neither language would render as the
 * raw key. These checks catch that without a browser.
 */

type Dict = { [key: string]: string | Dict };
const SRC = join(import.meta.dirname, '..', 'src');

function lookup(locale: 'zh' | 'en', nsKey: string): string | undefined {
  const [ns, key] = nsKey.split(':', 2) as [string, string];
  let cur: string | Dict | undefined = (resources[locale] as unknown as Record<string, Dict>)[ns];
  for (const part of key.split('.')) {
    if (cur === undefined || typeof cur === 'string') return undefined;
    cur = cur[part];
  }
  return typeof cur === 'string' ? cur : undefined;
}

function expectKey(nsKey: string, where: string): void {
  expect(lookup('zh', nsKey), `${nsKey} (zh) used in ${where}`).toBeTruthy();
  expect(lookup('en', nsKey), `${nsKey} (en) used in ${where}`).toBeTruthy();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('i18n keys used in the web source', () => {
  for (const file of sourceFiles(SRC)) {
    const where = relative(SRC, file);
    const source = readFileSync(file, 'utf8');
    const namespaces = [...source.matchAll(/useTranslation\(\s*'([^']+)'/g)].map((m) => m[1]);
    if (new Set(namespaces).size > 1) throw new Error(`${where}: one default namespace per file, please`);
    const defaultNs = namespaces[0] ?? 'common';
    const literalKeys = [...source.matchAll(/(?<![\w.])t\(\s*'([^']+)'/g)].map((m) => m[1] as string);
    const propKeys = [...source.matchAll(/\b(?:titleKey|descriptionKey|subtitleKey)="([^"]+)"/g)].map(
      (m) => m[1] as string,
    );
    if (literalKeys.length === 0 && propKeys.length === 0) continue;

    it(`${where}: every literal key exists in zh and en`, () => {
      for (const key of literalKeys) expectKey(key.includes(':') ? key : `${defaultNs}:${key}`, where);
      // A bare titleKey names a route title; qualified ones name any namespace.
      for (const key of propKeys) expectKey(key.includes(':') ? key : `routes:${key}`, where);
    });
  }
});

describe('i18n keys built from domain lists', () => {
  it('nav items', () => {
    for (const item of NAV_ITEMS) expectKey(`common:nav.${item.key}`, 'top-nav');
    expectKey('common:nav.login', 'top-nav');
  });

  it('EB-1A criteria, NIW routes and prongs, process steps', () => {
    for (const c of EB1A_CRITERIA) {
      expectKey(`programs:eb1a.criteria.${c}.title`, 'diy-eb');
      expectKey(`programs:eb1a.criteria.${c}.description`, 'diy-eb');
    }
    for (const r of NIW_ROUTES) expectKey(`programs:niw.eligibility.${r}.title`, 'diy-niw');
    for (const p of NIW_PRONGS) expectKey(`programs:niw.prongs.${p}.description`, 'diy-niw');
    for (const s of PROCESS_STEPS) expectKey(`programs:process.${s}.title`, 'process-list');
  });

  it('information pages', () => {
    const card = (prefix: string, items: readonly string[]) => {
      for (const item of items) {
        expectKey(`${prefix}.${item}.title`, prefix);
        expectKey(`${prefix}.${item}.description`, prefix);
      }
    };
    card('pages:audit.scope', PAGE_DATA.AUDIT_SCOPE);
    card('pages:audit.steps', PAGE_DATA.AUDIT_STEPS);
    card('pages:translate.scope', PAGE_DATA.TRANSLATE_SCOPE);
    card('pages:translate.certified', PAGE_DATA.TRANSLATE_CERTIFIED);
    card('pages:aboutUs.who', PAGE_DATA.ABOUT_POINTS);
    card('pages:aboutUs.team', PAGE_DATA.TEAM_ROLES);
    for (const page of ['audit', 'translate', 'aboutUs', 'privacyFile', 'termsOfService', 'promotion']) {
      expectKey(`pages:${page}.eyebrow`, page);
      expectKey(`pages:${page}.intro`, page);
    }
    for (const section of PAGE_DATA.PRIVACY_SECTIONS) {
      expectKey(`pages:privacyFile.${section}.title`, 'privacy');
      expectKey(`pages:privacyFile.${section}.text`, 'privacy');
    }
    for (const section of PAGE_DATA.TERMS_SECTIONS) {
      expectKey(`pages:termsOfService.${section}.title`, 'terms');
      expectKey(`pages:termsOfService.${section}.text`, 'terms');
    }
    const lists = {
      collect: PAGE_DATA.PRIVACY_COLLECT,
      use: PAGE_DATA.PRIVACY_USE,
      retention: PAGE_DATA.PRIVACY_RETENTION,
      access: PAGE_DATA.PRIVACY_ACCESS,
      security: PAGE_DATA.PRIVACY_SECURITY,
    };
    for (const [section, items] of Object.entries(lists)) {
      for (const item of items) expectKey(`pages:privacyFile.${section}.items.${item}`, 'privacy');
    }
    for (const item of PAGE_DATA.PROMOTION_INCLUDES)
      expectKey(`pages:promotion.includes.${item}`, 'promotion');
    for (const rule of PAGE_DATA.PROMOTION_RULES) expectKey(`pages:promotion.rules.${rule}`, 'promotion');
  });

  it('workbench tabs', () => {
    for (const tab of WORKBENCH_TABS) {
      expectKey(`workbench:tabs.${tab}.label`, 'workbench');
      expectKey(`workbench:tabs.${tab}.description`, 'workbench');
    }
  });

  it('workbench stages, statuses, forms, fees and files', () => {
    for (const stage of CASE_STAGES) {
      expectKey(`workbench:stages.${stage}`, 'schedule');
      expectKey(`workbench:guidance.stage.${stage}`, 'guidance');
      if (stage !== 'forms') expectKey(`workbench:schedule.later.${stage}`, 'schedule');
      if (stage !== 'readme') expectKey(`workbench:guidance.choose.${stage}`, 'guidance');
    }
    for (const status of STAGE_STATUSES) expectKey(`workbench:stage_status.${status}`, 'schedule');
    for (const status of FORM_STATUSES) expectKey(`forms:list.status.${status}`, 'forms-overview');
    for (const form of [...CASE_FORMS, 'ETA-9089'])
      expectKey(`forms:instructions.forms.${form}`, 'instructions');
    for (const form of PAYMENT_FORMS) expectKey(`workbench:payment_method.${form}`, 'filing-settings');
    for (const fee of FEE_KEYS) expectKey(`forms:fees.${fee}`, 'fees-card');
    for (const reason of FORM_PDF_REASONS) expectKey(`forms:pdf.reasons.${reason}`, 'pdf-actions');
    for (const kind of ETA9089_FILE_KINDS) expectKey(`forms:eta9089.files.${kind}`, 'eta9089');
    for (const state of ['idle', 'pending', 'saving', 'error', 'conflict', 'saved_at'])
      expectKey(`forms:wizard.save_state.${state}`, 'save-state');
  });
});
