import type { TSelfCheck } from '@dossier/contract';
import { Alert, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../shell/button-link.tsx';
import { CONTACT_PAGE_PATH } from '../shell/floating-actions.tsx';
import { shopLink } from '../shop/shop-format.ts';

/** The self-check computed at submit (server, SELF_CHECK_RULES): guidance, clearly not legal advice. */
export function SelfCheckPanel({ check }: { check: TSelfCheck }) {
  const { t } = useTranslation('assessment');
  const { eb1a, niw } = check;
  const degree = niw.degree_route;
  const exceptional = niw.exceptional_ability;
  const years = degree.post_bachelor_years;
  // Which category the answers point to (guidance only): EB-1A by its 3 of 10, NIW by either route.
  const fits = [
    ...(eb1a.meets_minimum ? (['USA_EB1A'] as const) : []),
    ...(degree.eligible || exceptional.meets_minimum ? (['USA_NIW'] as const) : []),
  ];
  const fitKey = fits.length === 2 ? 'both' : fits[0] === 'USA_EB1A' ? 'eb1a' : fits[0] ? 'niw' : 'none';

  return (
    <section className="self-check" aria-labelledby="self-check-title">
      <Typography.Title level={2} id="self-check-title" className="self-check__title">
        {t('selfCheck.title')}
      </Typography.Title>
      <Alert type="info" showIcon title={t('selfCheck.disclaimer')} className="self-check__disclaimer" />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card className="self-check__card self-check__eb1a">
            <Typography.Title level={3}>{t('selfCheck.eb1a.title')}</Typography.Title>
            <p className="self-check__count">{t('selfCheck.eb1a.touched', { count: eb1a.count })}</p>
            {eb1a.touched.length > 0 ? (
              <ul className="self-check__criteria" aria-label={t('selfCheck.eb1a.title')}>
                {eb1a.touched.map((c) => (
                  <li key={c}>
                    <Tag color="blue">{t(`selfCheck.criteria.eb1a.${c}`)}</Tag>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('selfCheck.eb1a.none')}</p>
            )}
            <Alert
              type={eb1a.meets_minimum ? 'success' : 'warning'}
              title={t(eb1a.meets_minimum ? 'selfCheck.eb1a.met' : 'selfCheck.eb1a.notMet', {
                min: eb1a.minimum,
              })}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card className="self-check__card self-check__niw">
            <Typography.Title level={3}>{t('selfCheck.niw.title')}</Typography.Title>
            <Typography.Title level={4}>{t('selfCheck.niw.degreeRoute')}</Typography.Title>
            <Alert
              className="self-check__degree"
              type={degree.eligible ? 'success' : 'warning'}
              title={
                degree.basis
                  ? t('selfCheck.niw.degreeEligible', {
                      basis: t(`selfCheck.niw.basis.${degree.basis}`, { years }),
                    })
                  : t('selfCheck.niw.degreeNotEligible', { years })
              }
            />
            <Typography.Title level={4} className="self-check__exceptional-title">
              {t('selfCheck.niw.exceptional', { count: exceptional.count })}
            </Typography.Title>
            {exceptional.touched.length > 0 ? (
              <ul
                className="self-check__criteria"
                aria-label={t('selfCheck.niw.exceptional', { count: exceptional.count })}
              >
                {exceptional.touched.map((c) => (
                  <li key={c}>
                    <Tag color="geekblue">{t(`selfCheck.criteria.niw.${c}`)}</Tag>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('selfCheck.niw.none')}</p>
            )}
            <Alert
              type={exceptional.meets_minimum ? 'success' : 'warning'}
              title={t(
                exceptional.meets_minimum
                  ? 'selfCheck.niw.exceptionalMet'
                  : 'selfCheck.niw.exceptionalNotMet',
                {
                  min: exceptional.minimum,
                },
              )}
            />
          </Card>
        </Col>
      </Row>
      <Typography.Title level={3} className="self-check__next-title">
        {t('selfCheck.nextTitle')}
      </Typography.Title>
      <ol className="self-check__next">
        {check.next_steps.map((key) => (
          <li key={key}>{t(`selfCheck.next.${key}`, { defaultValue: key })}</li>
        ))}
      </ol>
      <section className="self-check__fit" aria-labelledby="self-check-fit" data-testid="self-check-fit">
        <Typography.Title level={3} id="self-check-fit">
          {t('selfCheck.fit.title')}
        </Typography.Title>
        <Typography.Paragraph>{t(`selfCheck.fit.${fitKey}`)}</Typography.Paragraph>
        <Space wrap>
          {fits.map((project) => (
            <ButtonLink key={project} type="primary" to={shopLink(project, 'DIY_STANDARD')}>
              {t(`selfCheck.fit.buy.${project}`)}
            </ButtonLink>
          ))}
          <ButtonLink to={CONTACT_PAGE_PATH}>{t('selfCheck.fit.adviser')}</ButtonLink>
        </Space>
      </section>
    </section>
  );
}
