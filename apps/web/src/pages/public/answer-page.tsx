import type { TQa, TQaCategory } from '@dossier/contract';
import {
  ADVICE_CONTENT_MAX,
  ADVICE_FIELD_ERRORS,
  QA_KEYWORD_MAX,
  QA_QUESTION_MAX,
  QUESTION_FIELD_ERRORS,
} from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Collapse,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { qaApi } from '../../api/qa.ts';
import { useSession } from '../../api/use-session.ts';
import type { LoginRedirectState } from '../../features/account/require-login.tsx';
import { useLocale } from '../../features/locale/use-locale.ts';
import { showFieldError } from '../../features/shell/field-errors.ts';
import { LOGIN_PATH } from '../../features/shell/nav-items.ts';
import { PageHeading } from '../../features/shell/page-heading.tsx';
import { useTextLimit } from '../../features/shell/text-limit.ts';

const PAGE_SIZE = 10;
const ALL = 'all';
const qaKeys = {
  all: ['qa'] as const,
  categories: (locale: string) => ['qa', 'categories', locale] as const,
  hot: ['qa', 'hot-keywords'] as const,
};

/** The Q&A zone (spec §2): search, hot keywords, categories, answers, asking (login) and suggestions. */
export default function AnswerPage() {
  const { t } = useTranslation('qa');
  const { locale } = useLocale();
  const { session } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const [advising, setAdvising] = useState(false);

  const categoryId = category === ALL ? undefined : Number(category);
  const listQuery = { page, size: PAGE_SIZE, keyword, categoryId };

  const categories = useQuery({
    queryKey: qaKeys.categories(locale),
    queryFn: ({ signal }) => qaApi.categories(signal),
    staleTime: 5 * 60_000,
  });
  const hot = useQuery({ queryKey: qaKeys.hot, queryFn: ({ signal }) => qaApi.hotKeywords(signal) });
  const list = useQuery({
    queryKey: [...qaKeys.all, 'list', locale, listQuery],
    queryFn: async ({ signal }) => {
      const answer = await qaApi.list(listQuery, signal);
      // A keyword search is counted for the hot keywords: show the new ranking.
      if (listQuery.keyword) void queryClient.invalidateQueries({ queryKey: qaKeys.hot });
      return answer;
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const search = (text: string) => {
    const next = text.trim().slice(0, QA_KEYWORD_MAX);
    setInput(next);
    setKeyword(next);
    setPage(1);
  };

  const openAsk = () => {
    if (!session) {
      void message.warning({ content: t('ask.needLogin'), key: 'qa-need-login' });
      const state: LoginRedirectState = { from: pathname };
      void navigate(LOGIN_PATH, { state });
      return;
    }
    setAsking(true);
  };

  const tabs = [
    { key: ALL, label: t('categories.all') },
    ...(categories.data ?? []).map((c: TQaCategory) => ({ key: String(c.id), label: c.name })),
  ];

  return (
    <div className="page-container qa-zone">
      <PageHeading titleKey="answer" descriptionKey="screens:answer.description" />

      <div className="qa-zone__search">
        <Input.Search
          size="large"
          allowClear
          value={input}
          maxLength={QA_KEYWORD_MAX}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          enterButton={t('search.button')}
          onChange={(e) => {
            setInput(e.target.value);
            if (e.target.value === '' && keyword) search('');
          }}
          onSearch={search}
        />
        <div className="qa-zone__hot">
          <Typography.Text type="secondary">{t('search.hot')}</Typography.Text>
          {(hot.data ?? []).length === 0 ? (
            <Typography.Text type="secondary">{t('search.hotEmpty')}</Typography.Text>
          ) : (
            <Space size={[4, 8]} wrap>
              {(hot.data ?? []).map((h) => (
                <Tag.CheckableTag
                  key={h.keyword}
                  checked={h.keyword === keyword}
                  onChange={() => search(h.keyword)}
                >
                  <bdi>{h.keyword}</bdi>
                </Tag.CheckableTag>
              ))}
            </Space>
          )}
        </div>
        <Space className="qa-zone__actions">
          <Button type="primary" onClick={openAsk}>
            {t('ask.button')}
          </Button>
          <Button onClick={() => setAdvising(true)}>{t('advice.button')}</Button>
        </Space>
      </div>

      {/* Buttons that wrap rather than tabs that fold into "…" on a phone (and stay a valid ARIA group). */}
      <Radio.Group
        className="qa-zone__categories"
        aria-label={t('categories.label')}
        optionType="button"
        value={category}
        options={tabs.map((tab) => ({ value: tab.key, label: tab.label }))}
        onChange={(event) => {
          setCategory(String(event.target.value));
          setPage(1);
        }}
      />

      <section aria-label={t('list.label')} className="qa-zone__list">
        {keyword && (
          <Typography.Paragraph type="secondary">{t('search.resultsFor', { keyword })}</Typography.Paragraph>
        )}
        {list.data && list.data.results.length === 0 ? (
          <Empty description={t('list.empty')} />
        ) : (
          <Collapse
            items={(list.data?.results ?? []).map((q: TQa) => ({
              key: String(q.id),
              // What customers typed (hot keywords, questions) is their text, in their language: isolated in <bdi>.
              label: <bdi>{q.question}</bdi>,
              children: <Typography.Paragraph className="qa-zone__answer">{q.answer}</Typography.Paragraph>,
            }))}
          />
        )}
        {(list.data?.count ?? 0) > PAGE_SIZE && (
          <Pagination
            className="qa-zone__pagination"
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data?.count ?? 0}
            showSizeChanger={false}
            showTotal={(n) => t('list.total', { n })}
            onChange={setPage}
          />
        )}
      </section>

      <AskModal open={asking} categories={categories.data ?? []} onClose={() => setAsking(false)} />
      <AdviceModal open={advising} onClose={() => setAdvising(false)} />
    </div>
  );
}

function AskModal({
  open,
  categories,
  onClose,
}: {
  open: boolean;
  categories: TQaCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation('qa');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ question: string; category_id?: number }>();
  const limit = useTextLimit();
  const ask = useMutation({
    mutationFn: qaApi.ask,
    onSuccess: (answer) => {
      void message.success(answer.msg);
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('ask.title')}
      okText={t('ask.submit')}
      cancelText={t('ask.cancel')}
      confirmLoading={ask.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('ask.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          ask
            .mutateAsync({ question: values.question.trim(), category_id: values.category_id })
            .catch((error: unknown) => void showFieldError(form, error, QUESTION_FIELD_ERRORS))
        }
      >
        <Form.Item name="category_id" label={t('ask.category')}>
          <Select allowClear options={categories.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item
          name="question"
          label={t('ask.question')}
          rules={[{ required: true, whitespace: true, message: t('ask.blank') }, limit.rule(QA_QUESTION_MAX)]}
        >
          <Input.TextArea
            rows={4}
            count={limit.count(QA_QUESTION_MAX, true)}
            placeholder={t('ask.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AdviceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('qa');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ content: string }>();
  const limit = useTextLimit();
  const advise = useMutation({
    mutationFn: qaApi.advise,
    onSuccess: (answer) => {
      void message.success(answer.msg);
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('advice.title')}
      okText={t('advice.submit')}
      cancelText={t('advice.cancel')}
      confirmLoading={advise.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          advise
            .mutateAsync({ content: values.content.trim() })
            .catch((error: unknown) => void showFieldError(form, error, ADVICE_FIELD_ERRORS))
        }
      >
        <Form.Item
          name="content"
          label={t('advice.content')}
          rules={[
            { required: true, whitespace: true, message: t('advice.blank') },
            limit.rule(ADVICE_CONTENT_MAX),
          ]}
        >
          <Input.TextArea
            rows={5}
            count={limit.count(ADVICE_CONTENT_MAX, true)}
            placeholder={t('advice.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
