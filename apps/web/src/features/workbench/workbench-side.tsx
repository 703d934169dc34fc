import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Program } from '../programs/program-data.ts';
import { tabPath } from './workbench-tabs.ts';

interface SideLink {
  key: string;
  to: string;
}

function sideGroups(program: Program): { key: string; links: SideLink[] }[] {
  return [
    {
      key: 'myInterest',
      links: [
        // Rights (review, translation...) are listed with the purchases in the personal centre (spec §2).
        { key: 'myRights', to: '/personalCenter/purchaseRecord' },
        { key: 'consult', to: '/payService' },
        { key: 'translate', to: '/index/translate' },
        { key: 'audit', to: '/index/audit' },
      ],
    },
    {
      key: 'function',
      links: [
        { key: 'readMe', to: tabPath(program, 'readMe') },
        { key: 'preview', to: '/viewPreview' },
        { key: 'guidance', to: '/guidance' },
      ],
    },
    { key: 'question', links: [{ key: 'askQuestion', to: '/index/answer' }] },
  ];
}

/** Right side of the workbench: My interest, Function and Question (spec §2). */
export function WorkbenchSide({ program }: { program: Program }) {
  const { t } = useTranslation('workbench');
  const project = t(`project.${program}`);
  return (
    <aside className="workbench__side">
      {sideGroups(program).map((group) => (
        <Card key={group.key} size="small" title={t(`side.${group.key}`)} className="workbench__side-card">
          <ul className="workbench__side-links">
            {group.links.map((link) => (
              <li key={link.key}>
                <Link to={link.to}>{t(`side.${link.key}`, { project })}</Link>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </aside>
  );
}
