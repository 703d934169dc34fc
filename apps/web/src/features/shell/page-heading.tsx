import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface PageHeadingProps {
  /** Key in the `routes` namespace: the heading matches the document title. */
  titleKey: string;
  /** Fully qualified i18n key (`ns:key`) of the line under the heading. */
  descriptionKey?: string;
  level?: 1 | 2;
}

export function PageHeading({ titleKey, descriptionKey, level = 1 }: PageHeadingProps) {
  const { t } = useTranslation();
  return (
    <header className="page-heading">
      <Typography.Title level={level}>{t(`routes:${titleKey}`)}</Typography.Title>
      {descriptionKey && (
        <Typography.Paragraph type="secondary" className="page-heading__description">
          {t(descriptionKey)}
        </Typography.Paragraph>
      )}
    </header>
  );
}
