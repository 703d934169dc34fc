import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Where the agent-appointment dialog lives (pages/public/immigrant-page.tsx). */
export const CONTACT_PAGE_PATH = '/index/immigrant';

function ContactIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9.4L5 21.5V18H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v11h3v1.5L8.7 16H20V5H4Zm3 4h10v2H7V9Z" />
    </svg>
  );
}

interface FloatingActionsProps {
  /** Opens the appointment dialog in place; without it the button goes to the agent-appointment page. */
  onContact?: () => void;
}

/** The floating contact-us and back-to-top controls of the form pages (spec §2 Home and public pages). */
export function FloatingActions({ onContact }: FloatingActionsProps) {
  const { t } = useTranslation('assessment');
  const navigate = useNavigate();
  const contact = onContact ?? (() => void navigate(CONTACT_PAGE_PATH));
  return (
    <FloatButton.Group shape="circle" className="floating-actions">
      <FloatButton
        type="primary"
        icon={<ContactIcon />}
        aria-label={t('floating.contact')}
        tooltip={{ title: t('floating.contact'), placement: 'left' }}
        className="floating-actions__contact"
        onClick={contact}
      />
      <FloatButton.BackTop
        aria-label={t('floating.backToTop')}
        tooltip={{ title: t('floating.backToTop'), placement: 'left' }}
        className="floating-actions__top"
        visibilityHeight={300}
      />
    </FloatButton.Group>
  );
}
