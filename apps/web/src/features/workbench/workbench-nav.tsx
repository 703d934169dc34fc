import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Program } from '../programs/program-data.ts';
import { activeTab, tabPath, WORKBENCH_TABS } from './workbench-tabs.ts';

/**
 * The left tabs (spec §2). Plain links in a list: a column on a desktop, a tab bar that scrolls sideways on
 * its own on a phone (global.css), so the page itself never scrolls sideways.
 */
export function WorkbenchNav({ program }: { program: Program }) {
  const { t } = useTranslation('workbench');
  const { pathname } = useLocation();
  const active = activeTab(program, pathname);
  return (
    <nav className="workbench__menu" aria-label={t('menuLabel')}>
      <ul className="workbench__tabs">
        {WORKBENCH_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={tabPath(program, tab)}
              className={
                tab === active ? 'workbench__tablink workbench__tablink--active' : 'workbench__tablink'
              }
              aria-current={tab === active ? 'page' : undefined}
            >
              {t(`tabs.${tab}.label`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
