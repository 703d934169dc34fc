import type { ReactNode } from 'react';
import { PageHeading } from './page-heading.tsx';
import { UnderConstruction } from './under-construction.tsx';

interface BuildingSectionProps {
  titleKey: string;
  descriptionKey: string;
  /** 1 for a whole screen, 2 inside a layout that already has its own heading. */
  level?: 1 | 2;
  /** Static skeleton of the screen (its steps, tabs...), never interactive fakes. */
  children?: ReactNode;
}

/** A screen whose feature is not built yet: its real heading, its skeleton, and the "being built" notice. */
export function BuildingSection({ titleKey, descriptionKey, level = 1, children }: BuildingSectionProps) {
  return (
    <>
      <PageHeading titleKey={titleKey} descriptionKey={descriptionKey} level={level} />
      {children}
      <UnderConstruction />
    </>
  );
}

/** BuildingSection as a whole screen, in the standard page container. */
export function BuildingScreen(props: Omit<BuildingSectionProps, 'level'>) {
  return (
    <div className="page-container">
      <BuildingSection {...props} />
    </div>
  );
}
