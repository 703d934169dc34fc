import type { Locale } from '@dossier/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Modal, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lettersApi } from '../../../api/evidence.ts';
import { useLocale } from '../../locale/use-locale.ts';
import { useWorkbenchCase } from '../case/workbench-context.tsx';
import { workbenchKeys } from '../case/workbench-keys.ts';

/**
 * The five example letters (independent expert, collaborator, supervisor, industry user, government or
 * association), in either language whatever the screen's: a recommender may need the English one.
 */
export function ExampleLetters() {
  const { t } = useTranslation('workbench');
  const { locale } = useLocale();
  const { summary } = useWorkbenchCase();
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState<Locale>(locale);
  const query = useQuery({
    queryKey: workbenchKeys.letterExamples(summary.id),
    queryFn: ({ signal }) => lettersApi.examples(summary.id, signal),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="example-letters">
        {t('evidence.letters.examples')}
      </Button>
      <Modal
        open={open}
        title={t('evidence.letters.examples')}
        onCancel={() => setOpen(false)}
        footer={null}
        width={760}
      >
        <Segmented
          value={lang}
          onChange={(v) => setLang(v as Locale)}
          options={[
            { value: 'zh', label: '中文' },
            { value: 'en', label: 'English' },
          ]}
        />
        {query.isPending ? (
          <Skeleton active />
        ) : (
          <Collapse
            className="letters__examples"
            items={(query.data?.examples ?? []).map((e) => ({
              key: e.kind,
              label: e.title[lang],
              children: (
                <div lang={lang === 'zh' ? 'zh-CN' : 'en'}>
                  <Typography.Paragraph type="secondary">{e.when[lang]}</Typography.Paragraph>
                  <div className="letters__example-body">{e.body[lang]}</div>
                </div>
              ),
            }))}
          />
        )}
      </Modal>
    </>
  );
}
