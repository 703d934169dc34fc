import { BuildingScreen } from '../../features/shell/building-screen.tsx';

export default function AnswerPage() {
  return <BuildingScreen titleKey="answer" descriptionKey="screens:answer.description" />;
}
