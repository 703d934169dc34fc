import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/use-session.ts';
import { LanguageToggle } from './language-toggle.tsx';
import { LinkButton } from './link-button.tsx';
import { activeNavKey, HOME_PATH, LOGIN_PATH, NAV_ITEMS } from './nav-items.ts';

// Only a logged-in customer sees it: a visitor does not download antd's dropdown and badge.
const AccountMenu = lazy(() => import('./themed-account-menu.tsx'));

/**
 * The header loads no antd (issue 6: the home page's JavaScript budget): six plain links rather than antd's
 * Menu (they always fit on one line), a plain language toggle and a link styled as a button.
 */
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
        <ul className="top-nav__list">
          {NAV_ITEMS.map((item) => (
            <li key={item.key} className="top-nav__item">
              <Link
                to={item.to}
                className={item.key === active ? 'top-nav__link top-nav__link--active' : 'top-nav__link'}
                aria-current={item.key === active ? 'page' : undefined}
              >
                {t(`nav.${item.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="top-nav__actions">
        <LanguageToggle />
        {session ? (
          <Suspense fallback={<span className="top-nav__account-placeholder" />}>
            <AccountMenu session={session} />
          </Suspense>
        ) : (
          <LinkButton variant="primary" to={LOGIN_PATH}>
            {t('nav.login')}
          </LinkButton>
        )}
      </div>
    </div>
  );
}
