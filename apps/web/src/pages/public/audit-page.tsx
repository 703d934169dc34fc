import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function AuditPage() {
  return <BuildingScreen titleKey="audit" descriptionKey="screens:audit.description" />;
}
