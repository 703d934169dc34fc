import { Card } from 'antd';
import { useTranslation } from 'react-i18next';

interface InfoCardGridProps {
  /** i18n key prefix; each item reads `<prefix>.<item>.title` and `<prefix>.<item>.description`. */
  prefix: string;
  items: readonly string[];
  numbered?: boolean;
  /** Fixed column count for lists whose length divides evenly (8 items → 2 rows of 4). */
  columns?: 3 | 4;
}

export function InfoCardGrid({ prefix, items, numbered = false, columns }: InfoCardGridProps) {
  const { t } = useTranslation();
  return (
    <div className={columns ? `info-grid info-grid--cols-${columns}` : 'info-grid'}>
      {items.map((item, index) => (
        <Card key={item} className="info-grid__card" size="small">
          {numbered && <span className="info-grid__number">{index + 1}</span>}
          <h3 className="info-grid__title">{t(`${prefix}.${item}.title`)}</h3>
          <p className="info-grid__description">{t(`${prefix}.${item}.description`)}</p>
        </Card>
      ))}
    </div>
  );
}
