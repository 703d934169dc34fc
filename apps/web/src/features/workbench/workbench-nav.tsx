import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Program } from '../programs/program-data.ts';
import { activeTab, tabPath, WORKBENCH_TABS } from './workbench-tabs.ts';
import './workbench-nav.css';

/** Which ends of the tab bar hide tabs (a phone's bar scrolls sideways; a desktop's column never does). */
function useScrollEdges() {
  const ref = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((prev) => (prev.before === before && prev.after === after ? prev : { before, after }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);
  const scroll = (direction: 1 | -1) => {
    const el = ref.current;
    if (el) el.scrollBy({ left: direction * Math.max(el.clientWidth * 0.7, 120), behavior: 'smooth' });
  };
  return { ref, edges, measure, scroll };
}

/**
 * The left tabs (spec §2). Plain links in a list: a column on a desktop, a tab bar that scrolls sideways on
 * its own on a phone (workbench-nav.css), so the page itself never scrolls sideways. Where tabs lie beyond an
 * edge, that edge fades and shows an arrow button that scrolls the bar (issue 29 item 6: the cut "Endeavor" gave
 * no sign that the bar scrolls); the active tab is scrolled into view.
 */
export function WorkbenchNav({ program }: { program: Program }) {
  const { t } = useTranslation('workbench');
  const { pathname } = useLocation();
  const active = activeTab(program, pathname);
  const { ref, edges, measure, scroll } = useScrollEdges();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active tab or the language changes
  useEffect(() => {
    const el = ref.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const bar = ref.current;
    if (el && bar && bar.scrollWidth > bar.clientWidth) {
      const left = el.offsetLeft - bar.offsetLeft;
      if (left < bar.scrollLeft || left + el.offsetWidth > bar.scrollLeft + bar.clientWidth)
        bar.scrollLeft = left - 24;
    }
    measure();
  }, [active, t, measure]);
  const className = [
    'workbench__menu',
    edges.before ? 'workbench__menu--more-before' : '',
    edges.after ? 'workbench__menu--more-after' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <nav className={className} aria-label={t('menuLabel')}>
      {/* data-scroll-x: a bar that scrolls sideways on its own, by design (the page never does). */}
      <ul className="workbench__tabs" ref={ref} data-scroll-x="">
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
      {edges.before && (
        <button
          type="button"
          className="workbench__tabs-scroll workbench__tabs-scroll--before"
          aria-label={t('tabsScroll.previous')}
          title={t('tabsScroll.previous')}
          onClick={() => scroll(-1)}
        >
          <LeftOutlined aria-hidden="true" />
        </button>
      )}
      {edges.after && (
        <button
          type="button"
          className="workbench__tabs-scroll workbench__tabs-scroll--after"
          aria-label={t('tabsScroll.next')}
          title={t('tabsScroll.next')}
          onClick={() => scroll(1)}
        >
          <RightOutlined aria-hidden="true" />
        </button>
      )}
    </nav>
  );
}
