import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/use-session.ts';
import { AccountMenu } from '../account/account-menu.tsx';
import { LanguageSwitch } from '../locale/language-switch.tsx';
import { ButtonLink } from './button-link.tsx';
import { activeNavKey, HOME_PATH, LOGIN_PATH, NAV_ITEMS } from './nav-items.ts';

export function TopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeNavKey(pathname);
  const { session } = useSession();
  return (
    <div className="top-nav">
      <Link to={HOME_PATH} className="top-nav__brand">
        <span className="top-nav__logo" aria-hidden="true" />
        <span className="top-nav__brand-name">{t('brand')}</span>
        <span className="top-nav__tagline">{t('tagline')}</span>
      </Link>
      <nav className="top-nav__menu" aria-label={t('nav.label')}>
        <Menu
          mode="horizontal"
          selectedKeys={active ? [active] : []}
          items={NAV_ITEMS.map((item) => ({
            key: item.key,
            label: <Link to={item.to}>{t(`nav.${item.key}`)}</Link>,
          }))}
        />
      </nav>
      <div className="top-nav__actions">
        <LanguageSwitch />
        {session ? (
          <AccountMenu session={session} />
        ) : (
          <ButtonLink type="primary" to={LOGIN_PATH}>
            {t('nav.login')}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
