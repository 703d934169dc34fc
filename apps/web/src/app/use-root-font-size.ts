import { useLayoutEffect } from 'react';
import { rootFontSizePx } from './root-font-size.ts';

/** Layout effect so the first paint of a route already uses its scale (no visible jump). */
export function useRootFontSize(pathname: string): void {
  useLayoutEffect(() => {
    const apply = () => {
      const html = document.documentElement;
      const size = `${rootFontSizePx(window.innerWidth, pathname)}px`;
      // A prerendered page already has this size from its CSS (decision 0036): writing it again would restyle
      // the whole page for nothing while it hydrates.
      if (getComputedStyle(html).fontSize !== size) html.style.fontSize = size;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [pathname]);
}
