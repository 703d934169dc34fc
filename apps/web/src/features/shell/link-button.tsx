import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface LinkButtonProps {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'default' | 'ghost' | 'text';
  size?: 'middle' | 'large';
  className?: string;
}

/**
 * A link in the look of antd's Button (global.css `.link-button`), for the header and the home page, which
 * load no antd. Elsewhere use ButtonLink (a real antd Button).
 */
export function LinkButton({
  to,
  children,
  variant = 'default',
  size = 'middle',
  className,
}: LinkButtonProps) {
  const classes = [
    'link-button',
    `link-button--${variant}`,
    size === 'large' ? 'link-button--large' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
