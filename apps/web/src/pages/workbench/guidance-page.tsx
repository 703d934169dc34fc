import { CASE_STAGES, STAGE_TAB } from '@dossier/contract';
import { Card, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ProcessList } from '../../features/programs/process-list.tsx';
import type { Program } from '../../features/programs/program-data.ts';
import { ButtonLink } from '../../features/shell/button-link.tsx';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { tabPath } from '../../features/workbench/workbench-tabs.ts';
import '../../features/workbench/workbench.css';

/** The stages the chooser leads to (the sixth, the check before printing, is where they all end). */
const CHOOSER = CASE_STAGES.filter((s) => s !== 'readme');

/**
 * The Guidance screen (spec §2): the six stages of the workbench, a chooser that opens forms, evidence, letters,
 * the US plan or the petition letter in the EB-1A or NIW workbench, and how a case progresses after filing.
 */
export default function GuidancePage() {
  const { t } = useTranslation('workbench');
  const [params, setParams] = useSearchParams();
  const program: Program = params.get('program') === 'niw' ? 'niw' : 'eb1a';
  return (
    <div className="page-container guidance" data-testid="guidance">
      <PageHeading titleKey="guidance" descriptionKey="workbench:guidance.intro" />
      <section className="guidance__section">
        <Typography.Title level={2}>{t('guidance.stages_title')}</Typography.Title>
        <ol className="guidance__stages">
          {CASE_STAGES.map((stage) => (
            <li key={stage}>
              <strong>{t(`stages.${stage}`)}</strong>
              <span>{t(`guidance.stage.${stage}`)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="guidance__section">
        <Typography.Title level={2}>{t('guidance.chooser')}</Typography.Title>
        <Segmented
          value={program}
          onChange={(value) => setParams({ program: value }, { replace: true })}
          options={[
            { value: 'eb1a', label: t('project.eb1a') },
            { value: 'niw', label: t('project.niw') },
          ]}
        />
        <div className="guidance__chooser">
          {CHOOSER.map((stage) => (
            <Card key={stage} size="small" title={t(`stages.${stage}`)} className="guidance__choice">
              <Typography.Paragraph type="secondary">{t(`guidance.choose.${stage}`)}</Typography.Paragraph>
              <ButtonLink to={tabPath(program, STAGE_TAB[stage])} data-testid={`choose-${stage}`}>
                {t('guidance.open', { project: t(`project.${program}`) })}
              </ButtonLink>
            </Card>
          ))}
        </div>
      </section>
      <section className="guidance__section">
        <Typography.Title level={2}>{t('programs:process.title')}</Typography.Title>
        <ProcessList />
      </section>
    </div>
  );
}
