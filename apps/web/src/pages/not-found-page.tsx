import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../features/shell/button-link.tsx';
import { HOME_PATH } from '../features/shell/nav-items.ts';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page-container">
      <Result
        status="404"
        data-testid="not-found"
        title={<h1 className="not-found__title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.description')}
        extra={
          <ButtonLink type="primary" to={HOME_PATH}>
            {t('notFound.backHome')}
          </ButtonLink>
        }
      />
    </div>
  );
}
