import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function LoginPage() {
  return <BuildingScreen titleKey="login" descriptionKey="screens:login.description" />;
}
