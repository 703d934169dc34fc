import { BuildingSection } from '../../features/shell/building-screen.tsx';

export default function MessageRemindPage() {
  return (
    <BuildingSection
      titleKey="messageRemind"
      descriptionKey="screens:personalCenter.messageRemind"
      level={2}
    />
  );
}
