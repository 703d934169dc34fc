import type { TAreaCode } from '@dossier/contract';
import { DEFAULT_AREA_CODE } from '@dossier/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale/use-locale.ts';
import { useAreaCodesQuery } from './reference-queries.ts';

interface AreaCodeSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** The matching text of an entry: its code (with and without "+") and its name in the current language. */
export function areaCodeSearchText(entry: TAreaCode, locale: 'zh' | 'en'): string {
  const name = locale === 'zh' ? entry.name_zh : entry.name_en;
  return `+${entry.area_code} ${entry.area_code} ${name} ${entry.short_name}`.toLowerCase();
}

export interface AreaCodeOption {
  value: string;
  label: string;
  name: string;
  search: string;
}

const fallbackOption: AreaCodeOption = {
  value: DEFAULT_AREA_CODE,
  label: `+${DEFAULT_AREA_CODE}`,
  name: '',
  search: DEFAULT_AREA_CODE,
};

/** One option per code (+1 and +7 serve several countries: their names are joined), in API order. */
export function areaCodeOptions(entries: TAreaCode[], locale: 'zh' | 'en'): AreaCodeOption[] {
  const byCode = new Map<string, AreaCodeOption>();
  for (const entry of entries) {
    const name = locale === 'zh' ? entry.name_zh : entry.name_en;
    const existing = byCode.get(entry.area_code);
    if (existing) {
      existing.name = `${existing.name} / ${name}`;
      existing.search = `${existing.search} ${areaCodeSearchText(entry, locale)}`;
    } else {
      byCode.set(entry.area_code, {
        value: entry.area_code,
        label: `+${entry.area_code}`,
        name,
        search: areaCodeSearchText(entry, locale),
      });
    }
  }
  return [...byCode.values()];
}

/** Area-code picker: 200 codes from the API, 86 by default, searchable by code and name. */
export function AreaCodeSelect({ value, onChange, id, className, disabled, ...rest }: AreaCodeSelectProps) {
  const { t } = useTranslation('account');
  const { locale } = useLocale();
  const { data, isLoading } = useAreaCodesQuery();
  const options = useMemo(() => areaCodeOptions(data ?? [], locale), [data, locale]);

  return (
    <Select
      id={id}
      className={className}
      disabled={disabled}
      aria-label={rest['aria-label'] ?? t('form.areaCode')}
      value={value ?? DEFAULT_AREA_CODE}
      onChange={onChange}
      loading={isLoading}
      showSearch={{
        filterOption: (input, option) => Boolean(option?.search.includes(input.trim().toLowerCase())),
      }}
      placeholder={t('form.areaCodeSearch')}
      popupMatchSelectWidth={260}
      options={options.length ? options : [fallbackOption]}
      optionRender={(option) => (
        <span className="area-code-option">
          <span className="area-code-option__code">+{option.data.value}</span>
          <span className="area-code-option__name">{option.data.name}</span>
        </span>
      )}
    />
  );
}
