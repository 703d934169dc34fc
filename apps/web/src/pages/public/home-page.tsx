import { CoversSection } from '../../features/home/covers-section.tsx';
import { EntrancesSection } from '../../features/home/entrances-section.tsx';
import { ExtrasSection } from '../../features/home/extras-section.tsx';
import { HeroSection } from '../../features/home/hero-section.tsx';
import { OffersSection } from '../../features/home/offers-section.tsx';

export default function HomePage() {
  return (
    <div className="home">
      <HeroSection />
      <div className="page-container">
        <OffersSection />
        <CoversSection />
        <ExtrasSection />
        <EntrancesSection />
      </div>
    </div>
  );
}
