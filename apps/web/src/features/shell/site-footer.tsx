import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <div className="site-footer">
      <div className="site-footer__links">
        <Link to="/index/aboutUs">{t('footer.about')}</Link>
        <Link to="/termsOfService">{t('footer.terms')}</Link>
        <Link to="/privacyFile">{t('footer.privacy')}</Link>
        <Link to="/promotion">{t('footer.promotion')}</Link>
      </div>
      <p className="site-footer__disclaimer">{t('footer.disclaimer')}</p>
      <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </div>
  );
}
