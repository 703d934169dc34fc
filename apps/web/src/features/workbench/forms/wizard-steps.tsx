import type { Locale } from '@dossier/contract';
import type { Part } from '@dossier/forms';
import { Select, Steps } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Part 3. Information About …" (the attorney box, Part 0, has no number). */
export function usePartTitle() {
  const { t } = useTranslation('forms');
  return (part: Part, locale: Locale) =>
    part.number > 0
      ? t('wizard.part_title', { n: part.number, title: part.title[locale] })
      : part.title[locale];
}

export interface StepMark {
  filled: number;
  required: number;
  hasIssue: boolean;
}

/**
 * The wizard's step list: a vertical list of every part on a desktop, a compact "Part n of N" picker on a phone
 * (global CSS switches them), each with its required items filled.
 */
export function WizardSteps(props: {
  parts: readonly Part[];
  index: number;
  locale: Locale;
  mark: (part: Part) => StepMark;
  onGo: (index: number) => void;
}) {
  const { t } = useTranslation('forms');
  const title = usePartTitle();
  const { parts, index, locale } = props;
  return (
    <nav className="wizard__steps" aria-label={t('wizard.steps')}>
      <Steps
        className="wizard__steps-full"
        orientation="vertical"
        size="small"
        current={index}
        onChange={props.onGo}
        items={parts.map((part, i) => {
          const m = props.mark(part);
          return {
            title: title(part, locale),
            content: m.required
              ? t('wizard.part_progress', { filled: m.filled, required: m.required })
              : t('wizard.optional'),
            // A part with nothing required is not "done" until it is.
            status: m.hasIssue
              ? 'error'
              : i === index
                ? 'process'
                : m.required > 0 && m.filled === m.required
                  ? 'finish'
                  : 'wait',
          };
        })}
      />
      <div className="wizard__steps-compact">
        <span className="wizard__steps-count">
          {t('wizard.step_of', { n: index + 1, total: parts.length })}
        </span>
        <Select
          aria-label={t('wizard.steps')}
          value={index}
          onChange={props.onGo}
          options={parts.map((part, i) => ({ value: i, label: title(part, locale) }))}
          popupMatchSelectWidth={false}
          className="wizard__steps-select"
        />
      </div>
    </nav>
  );
}
