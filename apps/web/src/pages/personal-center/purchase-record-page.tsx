import { BuildingSection } from '../../features/shell/building-screen.tsx';

export default function PurchaseRecordPage() {
  return (
    <BuildingSection
      titleKey="purchaseRecord"
      descriptionKey="screens:personalCenter.purchaseRecord"
      level={2}
    />
  );
}
