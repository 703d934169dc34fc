import { useLayoutEffect } from 'react';
import { rootFontSizePx } from './root-font-size.ts';

/** Layout effect so the first paint of a route already uses its scale (no visible jump). */
export function useRootFontSize(pathname: string): void {
  useLayoutEffect(() => {
    const apply = () => {
      document.documentElement.style.fontSize = `${rootFontSizePx(window.innerWidth, pathname)}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [pathname]);
}
