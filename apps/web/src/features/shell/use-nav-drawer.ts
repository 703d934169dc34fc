import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state of the header's drawer (narrow screens): closes on a link tap, history navigation and
 * Escape, gives the first link the focus when it opens and the menu button the focus back when Escape closes
 * it, and stops the page behind it from scrolling.
 */
export function useNavDrawer() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // A link in the drawer closes it on the tap (`close`); the back and forward buttons close it here. Not on
  // every path change: a lazy screen commits its path late, and would shut a drawer reopened meanwhile.
  useEffect(() => {
    const onHistory = () => setOpen(false);
    window.addEventListener('popstate', onHistory);
    return () => window.removeEventListener('popstate', onHistory);
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    document.documentElement.classList.add('nav-drawer-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('nav-drawer-open');
    };
  }, [open]);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, toggle, close, buttonRef, panelRef };
}
