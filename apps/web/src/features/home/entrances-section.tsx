import { useTranslation } from 'react-i18next';
import { AGENT_PATH, ESTIMATE_PATH } from '../programs/program-data.ts';
import { LinkButton } from '../shell/link-button.tsx';

const ENTRANCES = [
  { key: 'assessment', to: ESTIMATE_PATH, primary: true },
  { key: 'agent', to: AGENT_PATH, primary: false },
] as const;

/** The two ways to get a person involved: the free assessment and the agent appointment. */
export function EntrancesSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section">
      <div className="entrance-grid">
        {ENTRANCES.map((entrance) => (
          <div key={entrance.key} className={`entrance entrance--${entrance.key}`}>
            <h2 className="entrance__title">{t(`entrances.${entrance.key}.title`)}</h2>
            <p className="entrance__description">{t(`entrances.${entrance.key}.description`)}</p>
            <LinkButton variant={entrance.primary ? 'primary' : 'default'} size="large" to={entrance.to}>
              {t(`entrances.${entrance.key}.cta`)}
            </LinkButton>
          </div>
        ))}
      </div>
    </section>
  );
}
