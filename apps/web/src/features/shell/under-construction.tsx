import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './button-link.tsx';
import { HOME_PATH } from './nav-items.ts';

/** The honest placeholder for a screen whose feature is not built: it never pretends to work. */
export function UnderConstruction() {
  const { t } = useTranslation();
  return (
    <Result
      className="under-construction"
      data-testid="under-construction"
      status="info"
      title={t('building.title')}
      subTitle={t('building.description')}
      extra={<ButtonLink to={HOME_PATH}>{t('building.backHome')}</ButtonLink>}
    />
  );
}
