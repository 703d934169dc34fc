import {
  ACHIEVEMENT_ITEMS,
  ASSESSMENT_DESCRIPTION_MAX,
  ASSESSMENT_LIST_MAX,
  ASSESSMENT_TEXT_MAX,
} from '@dossier/contract';
import type { FormRule } from 'antd';
import { Button, Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTextLimit } from '../shell/text-limit.ts';
import { MonthItem, SectionTitle, useRequiredRules, YesNoItem } from './field-items.tsx';

const third = { xs: 24, md: 12, lg: 8 };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Work is optional: a row's fields are required once anything in that row is filled in. */
function requiredInFilledRow(index: number, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator(_, value: unknown) {
      const row = (getFieldValue(['work', index]) ?? {}) as Record<string, unknown>;
      const rowBlank = Object.values(row).every(isBlank);
      return rowBlank || !isBlank(value) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
}

/** Step 2, Information-Working: the work list (an empty end month means until now) and the achievements. */
export function WorkingStep({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('assessment');
  const rules = useRequiredRules();
  const limit = useTextLimit();

  return (
    <>
      <section className="assessment-form__section" aria-labelledby="assessment-work">
        <SectionTitle id="assessment-work">{t('sections.work')}</SectionTitle>
        <Typography.Paragraph type="secondary">{t('fields.work.endHint')}</Typography.Paragraph>
        <Form.List name="work">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && <p className="assessment-form__empty">{t('fields.work.empty')}</p>}
              {fields.map((field, index) => (
                <fieldset key={field.key} className="assessment-form__list">
                  <legend>{t('fields.work.entry', { n: index + 1 })}</legend>
                  <Row gutter={24}>
                    <Col {...third}>
                      <Form.Item
                        name={[field.name, 'company']}
                        label={t('fields.work.company')}
                        required
                        rules={[
                          limit.rule(ASSESSMENT_TEXT_MAX),
                          requiredInFilledRow(field.name, t('validation.blank')),
                        ]}
                      >
                        <Input count={limit.count(ASSESSMENT_TEXT_MAX)} autoComplete="organization" />
                      </Form.Item>
                    </Col>
                    <Col {...third}>
                      <Form.Item
                        name={[field.name, 'title']}
                        label={t('fields.work.title')}
                        required
                        rules={[
                          limit.rule(ASSESSMENT_TEXT_MAX),
                          requiredInFilledRow(field.name, t('validation.blank')),
                        ]}
                      >
                        <Input count={limit.count(ASSESSMENT_TEXT_MAX)} autoComplete="organization-title" />
                      </Form.Item>
                    </Col>
                    <Col {...third}>
                      <Form.Item
                        name={[field.name, 'annual_income']}
                        label={t('fields.work.income')}
                        rules={[limit.rule(ASSESSMENT_TEXT_MAX)]}
                      >
                        <Input
                          count={limit.count(ASSESSMENT_TEXT_MAX)}
                          placeholder={t('fields.work.incomePlaceholder')}
                        />
                      </Form.Item>
                    </Col>
                    <Col {...third}>
                      <MonthItem
                        name={[field.name, 'start_month']}
                        label={t('fields.work.start')}
                        required
                        rules={[requiredInFilledRow(field.name, t('validation.choose'))]}
                        notAfterToday
                      />
                    </Col>
                    <Col {...third}>
                      <MonthItem
                        name={[field.name, 'end_month']}
                        label={t('fields.work.end')}
                        placeholder={t('fields.work.untilNow')}
                        notAfterToday
                      />
                    </Col>
                  </Row>
                  {!readOnly && (
                    <Button onClick={() => remove(field.name)}>
                      {t('fields.work.remove', { n: index + 1 })}
                    </Button>
                  )}
                </fieldset>
              ))}
              {!readOnly && fields.length < ASSESSMENT_LIST_MAX && (
                <Button type="dashed" onClick={() => add({})}>
                  {t('fields.work.add')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </section>

      <section className="assessment-form__section" aria-labelledby="assessment-achievements">
        <SectionTitle id="assessment-achievements">{t('sections.achievements')}</SectionTitle>
        <Typography.Paragraph type="secondary">{t('sections.achievementsHint')}</Typography.Paragraph>
        <ol className="assessment-form__achievements">
          {ACHIEVEMENT_ITEMS.map((item) => {
            const title = t(`achievements.items.${item}.title`);
            return (
              <li key={item} className={`assessment-achievement assessment-achievement--${item}`}>
                <YesNoItem
                  name={['achievements', item, 'has']}
                  label={`${title} — ${t(`achievements.items.${item}.question`)}`}
                  details={
                    <Form.Item
                      name={['achievements', item, 'description']}
                      label={t('achievements.details', { item: title })}
                      rules={[...rules.blank, limit.rule(ASSESSMENT_DESCRIPTION_MAX)]}
                    >
                      <Input.TextArea
                        count={limit.count(ASSESSMENT_DESCRIPTION_MAX, true)}
                        autoSize={{ minRows: 2, maxRows: 8 }}
                        placeholder={t('achievements.detailsPlaceholder')}
                      />
                    </Form.Item>
                  }
                />
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}
