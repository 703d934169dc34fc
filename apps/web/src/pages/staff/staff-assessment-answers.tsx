import { ACHIEVEMENT_ITEMS, type TAssessmentData } from '@dossier/contract';
import { Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Row = [label: string, value: ReactNode];

/**
 * A submitted free assessment as the consultant reads it before the call: each section of the customer's form
 * with the form's own labels (namespace `assessment`), in the console's language; unanswered items are left out.
 */
export function AssessmentAnswers({ data }: { data: TAssessmentData }) {
  const { t } = useTranslation('assessment');
  const yesNo = (v: boolean | null | undefined) =>
    v === true ? t('options.yes') : v === false ? t('options.no') : null;
  const withText = (v: boolean | null | undefined, text?: string) =>
    [yesNo(v), text].filter((s) => s !== null && s !== undefined && s !== '').join(' — ') || null;
  const p = data.personal ?? {};
  const b = data.background ?? {};
  const sections: [title: string, rows: Row[]][] = [
    [
      t('sections.personal'),
      [
        [t('fields.personal.name'), p.name],
        [t('fields.personal.gender'), p.gender ? t(`options.gender.${p.gender}`) : null],
        [t('fields.personal.birthDate'), p.birth_date],
        [t('fields.personal.email'), p.email],
        [t('fields.personal.wechat'), p.wechat],
        [
          t('fields.personal.maritalStatus'),
          p.marital_status ? t(`options.marital.${p.marital_status}`) : null,
        ],
        [
          t('fields.personal.children'),
          (p.children ?? []).map((c) => [c.name, c.age ?? ''].filter((x) => x !== '').join(', ')).join('; '),
        ],
      ],
    ],
    [
      t('sections.background'),
      [
        [t('fields.background.militaryService'), withText(b.military_service?.has, b.military_service?.type)],
        [t('fields.background.partyMember'), yesNo(b.party_member)],
        [t('fields.background.infectiousDisease'), yesNo(b.infectious_disease)],
        [t('fields.background.criminalRecord'), yesNo(b.criminal_record)],
        [t('fields.background.passportPlace'), b.passport?.place_of_issue],
        [t('fields.background.passportIssue'), b.passport?.issue_month],
        [t('fields.background.passportExpiry'), b.passport?.expiry_month],
        [
          t('fields.background.priorUs'),
          withText(
            b.prior_us_application?.has,
            [
              b.prior_us_application?.category,
              b.prior_us_application?.result,
              b.prior_us_application?.receipt_number,
            ]
              .filter(Boolean)
              .join(' · '),
          ),
        ],
        [t('fields.background.abroad'), withText(b.abroad_or_visa?.has, b.abroad_or_visa?.description)],
      ],
    ],
    [
      t('sections.education'),
      (data.education ?? []).map(
        (e, i): Row => [
          t('fields.education.entry', { n: i + 1 }),
          [
            e.degree ? t(`options.degree.${e.degree}`) : null,
            e.school,
            e.major,
            range(e.start_month, e.end_month),
          ]
            .filter(Boolean)
            .join(' · '),
        ],
      ),
    ],
    [
      t('sections.work'),
      (data.work ?? []).map(
        (w, i): Row => [
          t('fields.work.entry', { n: i + 1 }),
          [
            w.company,
            w.title,
            w.annual_income,
            range(w.start_month, w.end_month || t('fields.work.untilNow')),
          ]
            .filter(Boolean)
            .join(' · '),
        ],
      ),
    ],
    [
      t('sections.achievements'),
      ACHIEVEMENT_ITEMS.map((item): Row => {
        const a = data.achievements?.[item];
        return [t(`achievements.items.${item}.title`), withText(a?.has, a?.description)];
      }),
    ],
  ];
  return (
    <div className="staff__answers" data-testid="assessment-answers">
      {sections.map(([title, rows]) => {
        const answered = rows.filter(([, v]) => v !== null && v !== undefined && v !== '');
        return (
          <section key={title}>
            <Typography.Title level={5}>{title}</Typography.Title>
            {answered.length ? (
              <Descriptions size="small" column={1} bordered>
                {answered.map(([label, value]) => (
                  <Descriptions.Item key={label} label={label}>
                    <span className="staff__answer">{value}</span>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )}
          </section>
        );
      })}
    </div>
  );
}

const range = (from?: string, to?: string) => (from || to ? `${from || '?'} – ${to || '?'}` : '');
