import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ESTIMATE_PATH, SHOP_PATH } from '../programs/program-data.ts';
import { ButtonLink } from '../shell/button-link.tsx';

export type ContentPageKey =
  | 'audit'
  | 'translate'
  | 'aboutUs'
  | 'privacyFile'
  | 'termsOfService'
  | 'promotion';

interface ContentPageProps {
  /** Route title key: the heading matches the document title; `pages:<page>.eyebrow` and `.intro` head the page. */
  page: ContentPageKey;
  /** Buttons under the introduction and again at the end of the page. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Frame of a public information page, styled like the program introductions. */
export function ContentPage({ page, actions, children }: ContentPageProps) {
  const { t } = useTranslation('pages');
  return (
    <div className="page-container program-intro content-page">
      <header className="program-intro__header">
        <Tag color="blue">{t(`${page}.eyebrow`)}</Tag>
        <h1 className="program-intro__title">{t(`routes:${page}`)}</h1>
        <p className="program-intro__text">{t(`${page}.intro`)}</p>
        {actions}
      </header>
      {children}
      {actions && <div className="program-intro__footer">{actions}</div>}
    </div>
  );
}

/** Buy (to the shop) and, when asked, Assess (to the free assessment). */
export function PageActions({ assess = false }: { assess?: boolean }) {
  const { t } = useTranslation('pages');
  return (
    <Space size="middle" wrap>
      <ButtonLink type="primary" size="large" to={SHOP_PATH}>
        {t('actions.buy')}
      </ButtonLink>
      {assess && (
        <ButtonLink size="large" to={ESTIMATE_PATH}>
          {t('actions.assess')}
        </ButtonLink>
      )}
    </Space>
  );
}

/** A titled section of a content page. */
export function PageSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section className="program-section">
      <h2 className="section-header__title">{title}</h2>
      {hint && <p className="section-header__subtitle">{hint}</p>}
      {children}
    </section>
  );
}

/** Numbered steps, `<prefix>.<step>.title` and `.description`. */
export function StepList({ prefix, steps }: { prefix: string; steps: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ol className="process-list">
      {steps.map((step) => (
        <li key={step} className="process-list__item">
          <span className="process-list__title">{t(`${prefix}.${step}.title`)}</span>
          <span className="process-list__description">{t(`${prefix}.${step}.description`)}</span>
        </li>
      ))}
    </ol>
  );
}

/** A highlighted rule (the add-on rule, the legal-advice disclaimer). */
export function NoticeCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className="content-page__notice">
      <h3 className="info-grid__title">{title}</h3>
      <p className="content-page__notice-text">{children}</p>
    </aside>
  );
}
