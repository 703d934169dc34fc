import type { TStaffQa, TStaffQaCategory } from '@dossier/contract';
import { QA_STATES } from '@dossier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueKeys, queuesApi } from '../../api/staff-queues.ts';
import { useLocale } from '../../features/locale/use-locale.ts';
import { ResponsiveTable } from '../../features/shell/responsive-table.tsx';
import { StaffHotKeywords } from './staff-hot-keywords.tsx';
import { errorAlert } from './staff-inbox-parts.tsx';
import { ageText } from './staff-queue.tsx';

const SIZE = 20;
type QaState = (typeof QA_STATES)[number];

/** Q&A: customers' questions → an answer in both languages → publish; categories; hot keywords. */
export function StaffInboxQa() {
  const { t } = useTranslation('queues');
  const [state, setState] = useState<QaState>('unanswered');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TStaffQa | null>(null);
  const query = { page, size: SIZE, state };
  const list = useQuery({
    queryKey: queueKeys.list('qa', query),
    queryFn: ({ signal }) => queuesApi.qaList(query, signal),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: queueKeys.content('qa_category'),
    queryFn: ({ signal }) => queuesApi.categories(signal),
  });
  if (open) return <QaEditor qa={open} categories={categories.data ?? []} onBack={() => setOpen(null)} />;
  return (
    <div>
      <Space wrap className="staff__filters">
        <Select
          aria-label={t('qa.state')}
          className="staff__filter"
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          options={QA_STATES.map((s) => ({ value: s, label: t(`qa.states.${s}`) }))}
        />
      </Space>
      <ResponsiveTable<TStaffQa>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.results ?? []}
        emptyText={t('qa.empty')}
        rowClassName={() => 'staff-qa-row'}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: list.data?.count ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'id', title: '#', dataIndex: 'id', width: 70 },
          {
            key: 'question',
            title: t('qa.question'),
            render: (_, r) => <span className="staff__item">{r.question_zh ?? r.question_en}</span>,
          },
          {
            key: 'published',
            title: t('qa.published'),
            render: (_, r) => <Tag>{r.published ? t('qa.yes') : t('qa.no')}</Tag>,
          },
          {
            key: 'age',
            title: t('leads.age'),
            render: (_, r) => ageText(r.age_seconds, (k, o) => t(`staff:${k}`, o)),
          },
          {
            key: 'open',
            title: t('actions'),
            render: (_, r) => (
              <Button size="small" onClick={() => setOpen(r)}>
                {t('qa.answer', { id: r.id })}
              </Button>
            ),
          },
        ]}
      />
      <Categories list={categories.data ?? []} />
      <StaffHotKeywords />
    </div>
  );
}

type AnswerForm = {
  category_id: number | null;
  question_zh: string;
  question_en: string;
  answer_zh: string;
  answer_en: string;
};

function QaEditor({
  qa,
  categories,
  onBack,
}: {
  qa: TStaffQa;
  categories: TStaffQaCategory[];
  onBack: () => void;
}) {
  const { t } = useTranslation('queues');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(qa);
  const done = (next: TStaffQa) => {
    setCurrent(next);
    void queryClient.invalidateQueries({ queryKey: queueKeys.all });
  };
  const save = useMutation({ mutationFn: (v: AnswerForm) => queuesApi.answer(qa.id, v), onSuccess: done });
  const publish = useMutation({ mutationFn: (p: boolean) => queuesApi.publish(qa.id, p), onSuccess: done });
  const required = [{ required: true, whitespace: true, message: t('required') }];
  return (
    <div>
      <Button type="link" onClick={onBack}>
        {t('back')}
      </Button>
      <Typography.Title level={3}>{t('qa.title', { id: qa.id })}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('qa.askedIn', { language: qa.language })} ·{' '}
        <Tag data-testid="qa-published">{current.published ? t('qa.isPublished') : t('qa.notPublished')}</Tag>
      </Typography.Paragraph>
      <Form<AnswerForm>
        layout="vertical"
        requiredMark={false}
        className="staff__form"
        initialValues={{
          category_id: qa.category_id,
          question_zh: qa.question_zh ?? '',
          question_en: qa.question_en ?? '',
          answer_zh: qa.answer_zh ?? '',
          answer_en: qa.answer_en ?? '',
        }}
        onFinish={(v) => save.mutate({ ...v, category_id: v.category_id ?? null })}
      >
        <Form.Item name="category_id" label={t('qa.category')}>
          <Select
            allowClear
            options={categories.map((c) => ({ value: c.id, label: locale === 'en' ? c.name_en : c.name_zh }))}
          />
        </Form.Item>
        <Form.Item name="question_zh" label={t('qa.questionZh')} rules={required}>
          <Input.TextArea rows={2} maxLength={20_000} />
        </Form.Item>
        <Form.Item name="question_en" label={t('qa.questionEn')} rules={required}>
          <Input.TextArea rows={2} maxLength={20_000} />
        </Form.Item>
        <Form.Item name="answer_zh" label={t('qa.answerZh')} rules={required}>
          <Input.TextArea rows={4} maxLength={20_000} />
        </Form.Item>
        <Form.Item name="answer_en" label={t('qa.answerEn')} rules={required}>
          <Input.TextArea rows={4} maxLength={20_000} />
        </Form.Item>
        {errorAlert(save.error)}
        <Space wrap>
          <Button htmlType="submit" type="primary" loading={save.isPending}>
            {t('qa.save')}
          </Button>
          <Button loading={publish.isPending} onClick={() => publish.mutate(!current.published)}>
            {current.published ? t('qa.unpublish') : t('qa.publish')}
          </Button>
        </Space>
        {errorAlert(publish.error)}
      </Form>
    </div>
  );
}

type CategoryForm = { name_zh: string; name_en: string; position: number };

function Categories({ list }: { list: TStaffQaCategory[] }) {
  const { t } = useTranslation('queues');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CategoryForm>();
  const [editing, setEditing] = useState<number | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queueKeys.content('qa_category') });
  const save = useMutation({
    mutationFn: (v: CategoryForm) =>
      editing === null ? queuesApi.createCategory(v) : queuesApi.updateCategory(editing, v),
    onSuccess: () => {
      form.resetFields();
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => queuesApi.deleteCategory(id),
    onSettled: refresh,
  });
  const required = [{ required: true, whitespace: true, message: t('required') }];
  return (
    <section className="staff__section">
      <Typography.Title level={3}>{t('qa.categories')}</Typography.Title>
      <List
        size="small"
        dataSource={list}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Button
                key="edit"
                size="small"
                onClick={() => {
                  setEditing(c.id);
                  form.setFieldsValue({ name_zh: c.name_zh, name_en: c.name_en, position: c.position });
                }}
              >
                {t('edit')}
              </Button>,
              <Button key="delete" size="small" danger onClick={() => remove.mutate(c.id)}>
                {t('delete')}
              </Button>,
            ]}
          >
            <span className="staff__item">
              {c.name_zh} / {c.name_en} · {t('qa.count', { n: c.questions })}
            </span>
          </List.Item>
        )}
      />
      {errorAlert(remove.error)}
      <Form<CategoryForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="staff__form"
        initialValues={{ position: 0 }}
        onFinish={save.mutate}
      >
        <Form.Item name="name_zh" label={t('qa.nameZh')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="name_en" label={t('qa.nameEn')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="position" label={t('qa.position')}>
          <InputNumber min={0} max={100_000} />
        </Form.Item>
        {errorAlert(save.error)}
        <Space wrap>
          <Button htmlType="submit" loading={save.isPending}>
            {editing === null ? t('qa.addCategory') : t('qa.saveCategory')}
          </Button>
          {editing !== null && (
            <Button
              onClick={() => {
                setEditing(null);
                form.resetFields();
              }}
            >
              {t('cancel')}
            </Button>
          )}
        </Space>
      </Form>
    </section>
  );
}
