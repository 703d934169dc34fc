import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/use-session.ts';
import { LanguageToggle } from './language-toggle.tsx';
import { LinkButton } from './link-button.tsx';
import { activeNavKey, HOME_PATH, LOGIN_PATH, NAV_ITEMS } from './nav-items.ts';
import { useNavDrawer } from './use-nav-drawer.ts';

// Only a logged-in customer sees it: a visitor does not download antd's dropdown and badge.
const AccountMenu = lazy(() => import('./themed-account-menu.tsx'));

const PANEL_ID = 'top-nav-panel';

/**
 * The one header of every screen (decision 0017). It loads no antd (the home page's JavaScript budget, decision
 * 0009): six plain links, a plain language toggle and a link styled as a button. On a narrow screen the links
 * fold into a drawer behind a menu button; the language toggle (short labels) and the login link (or the account
 * menu) stay in the bar (issue 29 item 6: the switch was only inside the phone's menu). The links and the toggle exist once in the page: CSS moves them, so no locator finds two.
 */
export function TopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeNavKey(pathname);
  const { session } = useSession();
  const drawer = useNavDrawer();
  return (
    <div className="top-nav">
      <Link to={HOME_PATH} className="top-nav__brand">
        <span className="top-nav__logo" aria-hidden="true" />
        <span className="top-nav__brand-name">{t('brand')}</span>
        <span className="top-nav__tagline">{t('tagline')}</span>
      </Link>
      <nav className="top-nav__menu" aria-label={t('nav.label')}>
        <button
          ref={drawer.buttonRef}
          type="button"
          className="top-nav__toggle"
          aria-expanded={drawer.open}
          aria-controls={PANEL_ID}
          aria-label={drawer.open ? t('nav.close') : t('nav.open')}
          onClick={drawer.toggle}
        >
          <span className="top-nav__toggle-bars" aria-hidden="true" />
        </button>
        {/* Below the fold width this is the drawer; above it, the inline menu. */}
        <div
          id={PANEL_ID}
          ref={drawer.panelRef}
          className={drawer.open ? 'top-nav__panel top-nav__panel--open' : 'top-nav__panel'}
        >
          <ul className="top-nav__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.key} className="top-nav__item">
                <Link
                  to={item.to}
                  className={item.key === active ? 'top-nav__link top-nav__link--active' : 'top-nav__link'}
                  aria-current={item.key === active ? 'page' : undefined}
                  onClick={drawer.close}
                >
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      {drawer.open && (
        // A click beside the drawer closes it; keyboard users have Escape and the menu button.
        // biome-ignore lint/a11y/noStaticElementInteractions: the overlay is a pointer convenience only
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the drawer (use-nav-drawer.ts)
        <div className="top-nav__overlay" onClick={drawer.close} />
      )}
      <div className="top-nav__actions">
        <LanguageToggle />
        {session ? (
          <Suspense fallback={<span className="top-nav__account-placeholder" />}>
            <AccountMenu session={session} />
          </Suspense>
        ) : (
          <LinkButton variant="primary" to={LOGIN_PATH} className="top-nav__login">
            {t('nav.login')}
          </LinkButton>
        )}
      </div>
    </div>
  );
}
