import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../shell/button-link.tsx';
import { ESTIMATE_PATH, SHOP_PATH } from './program-data.ts';

/** The Buy and Assess buttons of the introduction pages (spec §2). */
export function ProgramActions() {
  const { t } = useTranslation('programs');
  return (
    <Space size="middle" wrap>
      <ButtonLink type="primary" size="large" to={SHOP_PATH}>
        {t('buy')}
      </ButtonLink>
      <ButtonLink size="large" to={ESTIMATE_PATH}>
        {t('assess')}
      </ButtonLink>
    </Space>
  );
}
