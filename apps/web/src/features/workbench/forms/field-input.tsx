import type { Locale } from '@dossier/contract';
import type { Item, ItemType } from '@dossier/forms';
import { AutoComplete, Checkbox, DatePicker, Input, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import type { Answer } from './wizard-model.ts';

/**
 * One input per item type of the form definitions (packages/forms types.ts `ItemType`). Values are stored as
 * the definitions say: text as typed, dates `YYYY-MM-DD`, months `YYYY-MM`, yes/no `'yes'`/`'no'`, boxes as
 * booleans, choices as the option's value. Signatures never reach here: they are signed by hand.
 */
export interface FieldInputProps {
  id: string;
  item: Item;
  value: Answer | undefined;
  onChange: (value: Answer | undefined) => void;
  disabled: boolean;
  locale: Locale;
  invalid: boolean;
}

// ISO 3166 regions; names come from the browser (Intl.DisplayNames) in English, as the forms are filled.
const REGIONS =
  'AF AL DZ AD AO AG AR AM AU AT AZ BS BH BD BB BY BE BZ BJ BT BO BA BW BR BN BG BF BI KH CM CA CV CF TD CL CN CO KM CG CD CR CI HR CU CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FJ FI FR GA GM GE DE GH GR GD GT GN GW GY HT HN HK HU IS IN ID IR IQ IE IL IT JM JP JO KZ KE KI KP KR XK KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MR MU MX FM MD MC MN ME MA MZ MM NA NR NP NL NZ NI NE NG MK NO OM PK PW PS PA PG PY PE PH PL PT PR QA RO RU RW KN LC VC WS SM ST SA SN RS SC SL SG SK SI SB SO ZA SS ES LK SD SR SE CH SY TW TJ TZ TH TL TG TO TT TN TR TM TV UG UA AE GB US UY UZ VU VA VE VN YE ZM ZW'.split(
    ' ',
  );

function countryOptions(locale: Locale): { value: string; label: string }[] {
  const en = new Intl.DisplayNames(['en'], { type: 'region' });
  const local = locale === 'zh' ? new Intl.DisplayNames(['zh'], { type: 'region' }) : null;
  return REGIONS.map((code) => {
    const name = en.of(code) ?? code;
    return { value: name, label: local ? `${local.of(code) ?? code} ${name}` : name };
  }).sort((a, b) => a.value.localeCompare(b.value));
}

const INPUT_MODE: Partial<Record<ItemType, 'numeric' | 'decimal' | 'tel' | 'email'>> = {
  number: 'numeric',
  money: 'decimal',
  ssn: 'numeric',
  ein: 'numeric',
  uscis_account: 'numeric',
  digits: 'numeric',
  zip: 'numeric',
  phone: 'tel',
  email: 'email',
};

const text = (v: Answer | undefined): string => (v === undefined || v === null ? '' : String(v));

export function FieldInput({ id, item, value, onChange, disabled, locale, invalid }: FieldInputProps) {
  const countries = useMemo(
    () => (item.type === 'country' ? countryOptions(locale) : []),
    [item.type, locale],
  );
  const status = invalid ? 'error' : undefined;
  const options = (item.options ?? []).map((o) => ({ value: o.value, label: o.label[locale] }));
  const onText = (next: string) => onChange(next === '' ? undefined : next);

  switch (item.type) {
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          value={text(value)}
          onChange={(e) => onText(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 12 }}
          disabled={disabled}
          status={status}
        />
      );
    case 'date':
    case 'month_year': {
      const month = item.type === 'month_year';
      const format = month ? 'YYYY-MM' : 'YYYY-MM-DD';
      const parsed = value ? dayjs(String(value)) : null;
      // No `disabledDate` for `notFuture` (decision 0017): it erased a typed future date on blur. The date is
      // kept and the wizard's browser check (packages/forms validate, `date_in_future`) says why it is refused.
      return (
        <DatePicker
          id={id}
          picker={month ? 'month' : 'date'}
          format={format}
          value={parsed?.isValid() ? parsed : null}
          onChange={(d) => onChange(d ? d.format(format) : undefined)}
          disabled={disabled}
          status={status}
          className="wizard__date"
        />
      );
    }
    case 'yes_no':
    case 'radio':
      return (
        <Radio.Group
          id={id}
          value={value ?? null}
          onChange={(e) => onChange(e.target.value as string)}
          options={options}
          orientation={item.type === 'radio' ? 'vertical' : 'horizontal'}
          disabled={disabled}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          id={id}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked || undefined)}
          disabled={disabled}
        >
          {item.label[locale]}
        </Checkbox>
      );
    case 'select':
    case 'state':
      return (
        <Select
          id={id}
          value={value === undefined || value === null ? undefined : String(value)}
          onChange={(v: string | undefined) => onChange(v)}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          disabled={disabled}
          status={status}
          className="wizard__select"
        />
      );
    case 'country':
      return (
        <AutoComplete
          id={id}
          value={text(value)}
          onChange={(v: string) => onText(v)}
          options={countries}
          showSearch={{
            filterOption: (input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase()),
          }}
          disabled={disabled}
          status={status}
        />
      );
    default:
      return (
        <Input
          id={id}
          value={text(value)}
          onChange={(e) => onText(e.target.value)}
          inputMode={INPUT_MODE[item.type]}
          type={item.type === 'email' ? 'email' : item.type === 'phone' ? 'tel' : 'text'}
          prefix={item.type === 'money' ? '$' : undefined}
          disabled={disabled}
          status={status}
        />
      );
  }
}
