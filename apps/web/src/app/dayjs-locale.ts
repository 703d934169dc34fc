import type { Locale } from '@dossier/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { dayjsLocaleOf } from './locale.ts';

/** Loaded on demand by i18n.ts: only date fields need dayjs, not the home page's entry. */
export function applyDayjsLocale(locale: Locale): void {
  dayjs.locale(dayjsLocaleOf(locale));
}
