import type { Session } from '../../api/session.ts';
import { AntdTheme } from '../../app/antd-theme.tsx';
import { AccountMenu } from '../account/account-menu.tsx';

/** The header's account menu (antd Dropdown) with the app's theme; loaded only once logged in. */
export default function ThemedAccountMenu({ session }: { session: Session }) {
  return (
    <AntdTheme>
      <AccountMenu session={session} />
    </AntdTheme>
  );
}
