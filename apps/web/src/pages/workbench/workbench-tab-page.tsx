import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '../../features/shell/under-construction.tsx';
import type { WorkbenchTab } from '../../features/workbench/workbench-tabs.ts';

/** One workbench tab. Each tab gets its own screen file once its feature is built. */
export default function WorkbenchTabPage({ tab }: { tab: WorkbenchTab }) {
  const { t } = useTranslation('workbench');
  return (
    <section className="workbench__tab">
      <Typography.Title level={2}>{t(`tabs.${tab}.label`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`tabs.${tab}.description`)}</Typography.Paragraph>
      <UnderConstruction />
    </section>
  );
}
