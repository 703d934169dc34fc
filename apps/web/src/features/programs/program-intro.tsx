import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProcessList } from './process-list.tsx';
import { ProgramActions } from './program-actions.tsx';
import type { Program } from './program-data.ts';

/** Frame of an introduction page: introduction, the program's conditions (children), process, Buy and Assess. */
export function ProgramIntro({ program, children }: { program: Program; children: ReactNode }) {
  const { t } = useTranslation('programs');
  return (
    <div className="page-container program-intro">
      <header className="program-intro__header">
        <Tag color="blue">{t(`${program}.eyebrow`)}</Tag>
        <h1 className="program-intro__title">{t(`${program}.title`)}</h1>
        <p className="program-intro__text">{t(`${program}.intro`)}</p>
        <ProgramActions program={program} />
      </header>
      {children}
      <section className="program-section">
        <h2 className="section-header__title">{t('process.title')}</h2>
        <ProcessList />
      </section>
      <div className="program-intro__footer">
        <ProgramActions program={program} />
      </div>
    </div>
  );
}
