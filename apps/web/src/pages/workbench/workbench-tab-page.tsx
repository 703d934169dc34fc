import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Program } from '../../features/programs/program-data.ts';
import { UnderConstruction } from '../../features/shell/under-construction.tsx';
import { DocumentTab } from '../../features/workbench/documents/document-tab.tsx';
import { EvidenceScreen } from '../../features/workbench/evidence/evidence-screen.tsx';
import { LettersScreen } from '../../features/workbench/letters/letters-screen.tsx';
import { PlanAttachments } from '../../features/workbench/plan/plan-attachments.tsx';
import { ReadmeScreen } from '../../features/workbench/readme/readme-screen.tsx';
import type { WorkbenchTab } from '../../features/workbench/workbench-tabs.ts';

/**
 * A workbench tab other than Schedule and Form: Evidence, Reference (recommendation letters) and Endeavor (the
 * US plan's attachments) are built (issue 12); Endeavor's US plan editor and Petition's letter editor (issue 13)
 * load TipTap in a chunk of their own; ReadMe is the checklist and the print file (issue 14).
 */
export default function WorkbenchTabPage({ tab }: { tab: WorkbenchTab; program: Program }) {
  const { t } = useTranslation('workbench');
  if (tab === 'evidence') return <EvidenceScreen />;
  if (tab === 'reference') return <LettersScreen />;
  if (tab === 'endeavor')
    return (
      <>
        <DocumentTab kind="us_plan" />
        <PlanAttachments />
      </>
    );
  if (tab === 'petition') return <DocumentTab kind="petition_letter" />;
  if (tab === 'readMe') return <ReadmeScreen />;
  return (
    <section className="workbench__tab">
      <Typography.Title level={2}>{t(`tabs.${tab}.label`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`tabs.${tab}.description`)}</Typography.Paragraph>
      <Typography.Paragraph>{t('tab_later')}</Typography.Paragraph>
      <UnderConstruction />
    </section>
  );
}
