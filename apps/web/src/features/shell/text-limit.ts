import type { FormRule, InputProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** Short inputs show their counter from this share of the limit on; text areas always show it. */
const SHOW_FROM = 0.8;

/**
 * A length limit that loses nothing (decision 0017): the input keeps everything typed or pasted (antd `count`
 * instead of `maxLength`, which cuts a paste silently), the counter turns red past the limit, and the Form.Item
 * rule says how long the text is and what the limit is, so the form is not sent until it is shortened.
 */
export function useTextLimit() {
  const { t } = useTranslation('common');
  return {
    /** The Form.Item rule: refused past `max` characters, with the counts. */
    rule: (max: number): FormRule => ({
      validator: (_, value: unknown) =>
        typeof value === 'string' && value.length > max
          ? Promise.reject(new Error(t('limit.over', { max, count: value.length })))
          : Promise.resolve(),
    }),
    /** The input's `count`: always for text areas, near the limit for short inputs. */
    count: (max: number, always = false): NonNullable<InputProps['count']> => ({
      max,
      show: always ? true : ({ count }) => (count >= max * SHOW_FROM ? `${count} / ${max}` : null),
    }),
  };
}
