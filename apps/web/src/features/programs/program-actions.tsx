import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../shell/button-link.tsx';
import type { Program } from './program-data.ts';
import { ESTIMATE_PATH, SHOP_PATH } from './program-data.ts';

/** The shop preselects the project of the introduction page (/payService?project=…&service=DIY_STANDARD). */
const BUY_PATH: Record<Program, string> = {
  eb1a: `${SHOP_PATH}?project=USA_EB1A&service=DIY_STANDARD`,
  niw: `${SHOP_PATH}?project=USA_NIW&service=DIY_STANDARD`,
};

/** The Buy and Assess buttons of the introduction pages (spec §2). */
export function ProgramActions({ program }: { program?: Program }) {
  const { t } = useTranslation('programs');
  return (
    <Space size="middle" wrap>
      <ButtonLink type="primary" size="large" to={program ? BUY_PATH[program] : SHOP_PATH}>
        {t('buy')}
      </ButtonLink>
      <ButtonLink size="large" to={ESTIMATE_PATH}>
        {t('assess')}
      </ButtonLink>
    </Space>
  );
}
