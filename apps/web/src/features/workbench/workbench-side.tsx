import type { ServiceCode } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taskKeys, tasksApi } from '../../api/tasks.ts';
import { useCustomerClock } from '../clock/use-customer-clock.ts';
import { ProjectConsultations } from '../consultation/consultation-entry.tsx';
import { ButtonLink } from '../shell/button-link.tsx';
import { shopLink } from '../shop/shop-format.ts';
import { TaskActions } from '../tasks/task-actions.tsx';
import { useWorkbenchCase } from './case/workbench-context.tsx';
import { tabPath } from './workbench-tabs.ts';

const RIGHTS_PATH = '/personalCenter/purchaseRecord';

/** The add-ons of My interest (spec §2, §6), with the page that explains each, when there is one. */
const ADDONS: { key: 'consult' | 'translate' | 'audit'; service: ServiceCode; details: string | null }[] = [
  { key: 'consult', service: 'CONSULTATION', details: null },
  { key: 'translate', service: 'TRANSLATION', details: '/index/translate' },
  { key: 'audit', service: 'REVIEW', details: '/index/audit' },
];

/**
 * Right side of the workbench: My interest (this project's rights; an add-on not bought opens its details and
 * activation, spec §6), Function (ReadMe, Preview, Guidance) and Question (the Q&A zone).
 */
export function WorkbenchSide() {
  const { t } = useTranslation('workbench');
  const clock = useCustomerClock();
  const { program, project, summary } = useWorkbenchCase();
  const [offer, setOffer] = useState<(typeof ADDONS)[number] | null>(null);
  const projectName = t(`project.${program}`);
  const held = (service: ServiceCode) => summary.rights.find((r) => r.service === service);
  const { access } = summary;
  const hasTasks = summary.rights.some((r) => r.service === 'REVIEW' || r.service === 'TRANSLATION');
  const tasks = useQuery({
    queryKey: taskKeys.list(project),
    queryFn: ({ signal }) => tasksApi.list(project, signal),
    enabled: hasTasks,
  });

  return (
    <aside className="workbench__side" aria-label={t('side.label')}>
      <Card size="small" title={t('side.myInterest')} className="workbench__side-card">
        <ul className="workbench__side-links">
          <li>
            <Link to={RIGHTS_PATH}>{t('side.myRights', { project: projectName })}</Link>
            <div className="workbench__side-note" data-testid="right-validity">
              {t(access.status === 'active' ? 'side.validUntil' : 'side.expiredOn', {
                date: clock.date(access.expires_at),
              })}
            </div>
          </li>
          {ADDONS.map((addon) => {
            const right = held(addon.service);
            return (
              <li key={addon.key} className="workbench__side-addon">
                {right ? (
                  <>
                    <Link to={RIGHTS_PATH}>{t(`shop:services.${addon.service}.name`)}</Link>
                    <Tag color={right.status === 'active' ? 'green' : 'default'}>
                      {t(right.status === 'active' ? 'side.activated' : 'side.expired')}
                    </Tag>
                    {tasks.data
                      ?.filter((task) => task.service === addon.service)
                      .map((task) => (
                        <div key={task.id} className="workbench__side-task" data-testid="side-task">
                          <Tag>{t(`shop:rights.tasks.${task.status}`)}</Tag>
                          {task.submitted_at && (
                            <span className="workbench__side-note">
                              {t('tasks:submittedAt', { at: clock.dateTime(task.submitted_at) })}
                            </span>
                          )}
                          <TaskActions task={task} />
                        </div>
                      ))}
                    {addon.service === 'CONSULTATION' && <ProjectConsultations project={project} />}
                  </>
                ) : (
                  <>
                    <Button type="link" className="workbench__side-button" onClick={() => setOffer(addon)}>
                      {t(`shop:services.${addon.service}.name`)}
                    </Button>
                    <Tag>{t('side.notActivated')}</Tag>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      {[
        {
          key: 'function',
          links: [
            { key: 'readMe', to: tabPath(program, 'readMe') },
            { key: 'preview', to: `/viewPreview?program=${program}` },
            { key: 'guidance', to: `/guidance?program=${program}` },
          ],
        },
        { key: 'question', links: [{ key: 'askQuestion', to: '/index/answer' }] },
      ].map((group) => (
        <Card key={group.key} size="small" title={t(`side.${group.key}`)} className="workbench__side-card">
          <ul className="workbench__side-links">
            {group.links.map((link) => (
              <li key={link.key}>
                <Link to={link.to}>{t(`side.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </Card>
      ))}
      <Modal
        open={offer !== null}
        title={offer ? t(`shop:services.${offer.service}.name`) : ''}
        onCancel={() => setOffer(null)}
        footer={null}
        width={400}
      >
        {offer && (
          <div data-testid="addon-offer">
            <Typography.Paragraph>{t(`shop:services.${offer.service}.description`)}</Typography.Paragraph>
            <ul>
              {[0, 1, 2].map((i) => (
                <li key={i}>{t(`shop:services.${offer.service}.features.${i}`)}</li>
              ))}
            </ul>
            <Typography.Paragraph type="secondary">
              {t('side.addonHint', { project: projectName })}
            </Typography.Paragraph>
            <Space wrap>
              <ButtonLink type="primary" to={shopLink(project, offer.service)}>
                {t('side.activate')}
              </ButtonLink>
              {offer.details && <ButtonLink to={offer.details}>{t('side.details')}</ButtonLink>}
            </Space>
          </div>
        )}
      </Modal>
    </aside>
  );
}
