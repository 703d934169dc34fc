import { App, Badge, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Session } from '../../api/session.ts';
import { useLogout } from './use-logout.ts';
import { useUnreadCount } from './use-unread-count.ts';

export const PERSON_MESSAGE_PATH = '/personalCenter/personMessage';
export const MESSAGE_REMIND_PATH = '/personalCenter/messageRemind';

/** The header entry once logged in: masked phone, unread badge, and personal centre / messages / log out. */
export function AccountMenu({ session }: { session: Session }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const logout = useLogout();
  const { message } = App.useApp();
  const unread = useUnreadCount();

  return (
    <Dropdown
      trigger={['click', 'hover']}
      menu={{
        items: [
          { key: 'personalCenter', label: t('header.personalCenter') },
          {
            key: 'messages',
            label: (
              <span className="account-menu__messages">
                {t('header.messages')}
                <Badge count={unread} size="small" />
              </span>
            ),
          },
          { type: 'divider' },
          { key: 'logout', label: t('header.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'personalCenter') void navigate(PERSON_MESSAGE_PATH);
          else if (key === 'messages') void navigate(MESSAGE_REMIND_PATH);
          else if (key === 'logout') void logout().then(() => message.success(t('person.loggedOut')));
        },
      }}
    >
      <Button className="account-menu" data-testid="account-menu">
        <Badge count={unread} size="small" offset={[6, -4]} title={t('header.unread', { n: unread })}>
          <span className="account-menu__phone" data-testid="account-phone">
            {session.fuzzy_phone}
          </span>
        </Badge>
        <span className="account-menu__caret" aria-hidden="true">
          ▾
        </span>
      </Button>
    </Dropdown>
  );
}
