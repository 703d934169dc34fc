import {
  ASSESSMENT_DESCRIPTION_MAX,
  ASSESSMENT_LIST_MAX,
  ASSESSMENT_TEXT_MAX,
  CONTACT_EMAIL_PATTERN,
  DEGREES,
  GENDERS,
  MARITAL_STATUSES,
} from '@dossier/contract';
import { Button, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useTextLimit } from '../shell/text-limit.ts';
import {
  DAY_FORMAT,
  dayFromPicker,
  dayValueProps,
  MonthItem,
  SectionTitle,
  useRequiredRules,
  YesNoItem,
} from './field-items.tsx';

const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 12, lg: 8 };

/** Step 1, Basic information: personal details, background questions, passport and education. */
export function BasicStep({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('assessment');
  const rules = useRequiredRules();
  const limit = useTextLimit();

  return (
    <>
      <section className="assessment-form__section" aria-labelledby="assessment-personal">
        <SectionTitle id="assessment-personal">{t('sections.personal')}</SectionTitle>
        <Row gutter={24}>
          <Col {...third}>
            <Form.Item
              name={['personal', 'name']}
              label={t('fields.personal.name')}
              rules={[...rules.blank, limit.rule(ASSESSMENT_TEXT_MAX)]}
            >
              <Input count={limit.count(ASSESSMENT_TEXT_MAX)} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name={['personal', 'gender']} label={t('fields.personal.gender')} rules={rules.choose}>
              <Radio.Group
                aria-label={t('fields.personal.gender')}
                options={GENDERS.map((g) => ({ value: g, label: t(`options.gender.${g}`) }))}
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              name={['personal', 'birth_date']}
              label={t('fields.personal.birthDate')}
              rules={[
                ...rules.choose,
                {
                  // A typed future date is kept and refused with the reason (disabledDate would erase it).
                  validator: (_, value: string | undefined) =>
                    !value || value <= dayjs().format(DAY_FORMAT)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('validation.birthFuture'))),
                },
              ]}
              getValueProps={dayValueProps}
              getValueFromEvent={dayFromPicker}
            >
              <DatePicker
                format={DAY_FORMAT}
                className="assessment-form__picker"
                placeholder={t('fields.datePlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              name={['personal', 'email']}
              label={t('fields.personal.email')}
              rules={[
                limit.rule(254),
                ...rules.blank,
                { pattern: CONTACT_EMAIL_PATTERN, message: t('validation.email') },
              ]}
            >
              <Input count={limit.count(254)} autoComplete="email" inputMode="email" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              name={['personal', 'wechat']}
              label={t('fields.personal.wechat')}
              rules={[limit.rule(ASSESSMENT_TEXT_MAX)]}
            >
              <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              name={['personal', 'marital_status']}
              label={t('fields.personal.maritalStatus')}
              rules={rules.choose}
            >
              <Select
                options={MARITAL_STATUSES.map((m) => ({ value: m, label: t(`options.marital.${m}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name={['personal', 'children']}>
          {(fields, { add, remove }) => (
            <fieldset className="assessment-form__list">
              <legend>{t('fields.personal.children')}</legend>
              {fields.map((field, index) => (
                <Row gutter={24} key={field.key} className="assessment-form__row" align="bottom">
                  <Col xs={24} md={11}>
                    <Form.Item
                      name={[field.name, 'name']}
                      label={t('fields.personal.childName')}
                      rules={[limit.rule(ASSESSMENT_TEXT_MAX)]}
                    >
                      <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
                    </Form.Item>
                  </Col>
                  <Col xs={16} md={8}>
                    <Form.Item name={[field.name, 'age']} label={t('fields.personal.childAge')}>
                      <InputNumber min={0} max={60} precision={0} className="assessment-form__number" />
                    </Form.Item>
                  </Col>
                  {!readOnly && (
                    <Col xs={8} md={5}>
                      <Form.Item>
                        <Button onClick={() => remove(field.name)}>
                          {t('fields.personal.removeChild', { n: index + 1 })}
                        </Button>
                      </Form.Item>
                    </Col>
                  )}
                </Row>
              ))}
              {!readOnly && fields.length < ASSESSMENT_LIST_MAX && (
                <Button type="dashed" onClick={() => add({})}>
                  {t('fields.personal.addChild')}
                </Button>
              )}
            </fieldset>
          )}
        </Form.List>
      </section>

      <section className="assessment-form__section" aria-labelledby="assessment-background">
        <SectionTitle id="assessment-background">{t('sections.background')}</SectionTitle>
        <YesNoItem
          name={['background', 'military_service', 'has']}
          label={t('fields.background.militaryService')}
          details={
            <Form.Item
              name={['background', 'military_service', 'type']}
              label={t('fields.background.militaryType')}
              rules={[limit.rule(ASSESSMENT_TEXT_MAX)]}
            >
              <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
            </Form.Item>
          }
        />
        <YesNoItem name={['background', 'party_member']} label={t('fields.background.partyMember')} />
        <YesNoItem
          name={['background', 'infectious_disease']}
          label={t('fields.background.infectiousDisease')}
        />
        <YesNoItem name={['background', 'criminal_record']} label={t('fields.background.criminalRecord')} />
        <YesNoItem
          name={['background', 'prior_us_application', 'has']}
          label={t('fields.background.priorUs')}
          details={
            <Row gutter={24}>
              <Col {...third}>
                <Form.Item
                  name={['background', 'prior_us_application', 'category']}
                  label={t('fields.background.priorCategory')}
                  rules={[limit.rule(ASSESSMENT_TEXT_MAX)]}
                >
                  <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
                </Form.Item>
              </Col>
              <Col {...third}>
                <Form.Item
                  name={['background', 'prior_us_application', 'result']}
                  label={t('fields.background.priorResult')}
                  rules={[limit.rule(ASSESSMENT_TEXT_MAX)]}
                >
                  <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
                </Form.Item>
              </Col>
              <Col {...third}>
                <Form.Item
                  name={['background', 'prior_us_application', 'receipt_number']}
                  label={t('fields.background.priorReceipt')}
                  rules={[limit.rule(ASSESSMENT_TEXT_MAX)]}
                >
                  <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
                </Form.Item>
              </Col>
            </Row>
          }
        />
        <YesNoItem
          name={['background', 'abroad_or_visa', 'has']}
          label={t('fields.background.abroad')}
          details={
            <Form.Item
              name={['background', 'abroad_or_visa', 'description']}
              label={t('fields.background.abroadDetails')}
              rules={[limit.rule(ASSESSMENT_DESCRIPTION_MAX)]}
            >
              <Input.TextArea
                count={limit.count(ASSESSMENT_DESCRIPTION_MAX, true)}
                autoSize={{ minRows: 2, maxRows: 6 }}
              />
            </Form.Item>
          }
        />
      </section>

      <section className="assessment-form__section" aria-labelledby="assessment-passport">
        <SectionTitle id="assessment-passport">{t('sections.passport')}</SectionTitle>
        <Row gutter={24}>
          <Col {...third}>
            <Form.Item
              name={['background', 'passport', 'place_of_issue']}
              label={t('fields.background.passportPlace')}
              rules={[limit.rule(ASSESSMENT_TEXT_MAX)]}
            >
              <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <MonthItem
              name={['background', 'passport', 'issue_month']}
              label={t('fields.background.passportIssue')}
              notAfterToday
            />
          </Col>
          <Col {...third}>
            <MonthItem
              name={['background', 'passport', 'expiry_month']}
              label={t('fields.background.passportExpiry')}
            />
          </Col>
        </Row>
      </section>

      <section className="assessment-form__section" aria-labelledby="assessment-education">
        <SectionTitle id="assessment-education">{t('sections.education')}</SectionTitle>
        <Form.List name="education">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && <p className="assessment-form__empty">{t('fields.education.empty')}</p>}
              {fields.map((field, index) => (
                <fieldset key={field.key} className="assessment-form__list">
                  <legend>{t('fields.education.entry', { n: index + 1 })}</legend>
                  <Row gutter={24}>
                    <Col {...third}>
                      <Form.Item
                        name={[field.name, 'degree']}
                        label={t('fields.education.degree')}
                        rules={rules.choose}
                      >
                        <Select
                          options={DEGREES.map((d) => ({ value: d, label: t(`options.degree.${d}`) }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col {...third}>
                      <Form.Item
                        name={[field.name, 'school']}
                        label={t('fields.education.school')}
                        rules={[...rules.blank, limit.rule(ASSESSMENT_TEXT_MAX)]}
                      >
                        <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
                      </Form.Item>
                    </Col>
                    <Col {...third}>
                      <Form.Item
                        name={[field.name, 'major']}
                        label={t('fields.education.major')}
                        rules={[...rules.blank, limit.rule(ASSESSMENT_TEXT_MAX)]}
                      >
                        <Input count={limit.count(ASSESSMENT_TEXT_MAX)} />
                      </Form.Item>
                    </Col>
                    <Col {...half}>
                      <MonthItem
                        name={[field.name, 'start_month']}
                        label={t('fields.education.start')}
                        rules={rules.choose}
                      />
                    </Col>
                    <Col {...half}>
                      <MonthItem
                        name={[field.name, 'end_month']}
                        label={t('fields.education.end')}
                        rules={rules.choose}
                      />
                    </Col>
                  </Row>
                  {!readOnly && (
                    <Button onClick={() => remove(field.name)}>
                      {t('fields.education.remove', { n: index + 1 })}
                    </Button>
                  )}
                </fieldset>
              ))}
              {!readOnly && fields.length < ASSESSMENT_LIST_MAX && (
                <Button type="dashed" onClick={() => add({})}>
                  {t('fields.education.add')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </section>
    </>
  );
}
