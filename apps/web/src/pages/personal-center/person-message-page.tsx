import { BuildingSection } from '../../features/shell/building-screen.tsx';

export default function PersonMessagePage() {
  return (
    <BuildingSection
      titleKey="personMessage"
      descriptionKey="screens:personalCenter.personMessage"
      level={2}
    />
  );
}
