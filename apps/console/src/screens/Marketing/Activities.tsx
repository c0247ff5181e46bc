import { UploadOutlined } from '@ant-design/icons';
import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Image, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { dateTime, downloadCsv, money, toCsv } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { useSaveWithMessage } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';
import { ScheduleDialog } from './Banners.tsx';
import { History } from './History.tsx';
import { readImage } from './media.ts';
import { toMicro } from './values.ts';

type ActivityList = Response<'activities', 'list'>;
type Activity = ActivityList['activities'][number];
type ActivityText = NonNullable<Activity['texts']['en_US']>;

const TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
const LIST_KEY = ['ops', 'activities', 'list'];

/** Disabled, not yet started, running, or over: what a player sees of the activity now. */
function stateOf(activity: Activity, now = Date.now()): 'disabled' | 'scheduled' | 'running' | 'ended' {
  if (!activity.enabled) return 'disabled';
  if (new Date(activity.startAt).getTime() > now) return 'scheduled';
  if (activity.endAt && new Date(activity.endAt).getTime() <= now) return 'ended';
  return 'running';
}
const STATE_COLOURS = { disabled: 'default', scheduled: 'blue', running: 'green', ended: 'orange' } as const;

/**
 * The lobby's activities (the seven bonus types): state, window, budget and what each has paid; create
 * one of a type, edit its texts and terms, schedule, switch off and on, store its banner, and read
 * every change with its old and new values.
 */
export default function Activities() {
  const t = useTranslate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const { busy, save } = useSaveWithMessage();
  const { data: permissions } = usePermissions<string[]>({});
  const query = useQuery({ queryKey: LIST_KEY, queryFn: () => opsCall<ActivityList>('/ops/v1/activities/list') });
  const activities = query.data?.activities ?? [];
  const [typeFilter, setTypeFilter] = useState<number | null>(null);
  const [editing, setEditing] = useState<Activity | null>(null);
  const [creating, setCreating] = useState(false);
  const [scheduling, setScheduling] = useState<Activity | null>(null);
  const [history, setHistory] = useState<Activity | null>(null);
  const mayChange = mayCall(permissions, 'activities.edit');
  const shown = typeFilter === null ? activities : activities.filter((activity) => activity.type === typeFilter);
  const typeName = (type: number) => t(`marketing.activities.types.${type}`, String(type));
  const titleOf = (activity: Activity) => activity.texts.en_US?.title ?? Object.values(activity.texts)[0]?.title ?? `#${activity.id}`;

  const run = (path: string, body: object) =>
    save(async () => {
      await opsCall(path, body);
      await client.invalidateQueries({ queryKey: ['ops', 'activities'] });
      return t('marketing.activities.saved');
    });

  const exportCsv = () =>
    downloadCsv(
      'activities.csv',
      toCsv(
        ['id', 'type', 'title', 'state', 'startAt', 'endAt', 'currency', 'budgetCap', 'paidTotal', 'wageringMultiplier', 'perPlayerLimit'],
        shown.map((a) => [
          a.id,
          typeName(a.type),
          titleOf(a),
          stateOf(a),
          a.startAt,
          a.endAt,
          a.currency,
          a.budgetCap,
          a.paidTotal,
          a.wageringMultiplier,
          a.perPlayerLimit,
        ]),
      ),
    );

  return (
    <div data-testid="activities">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('marketing.activities.title')}
        </Typography.Title>
        <Space wrap>
          <Select
            style={{ width: 180 }}
            value={typeFilter}
            onChange={setTypeFilter}
            options={[{ value: null, label: t('common.all') }, ...TYPES.map((type) => ({ value: type, label: typeName(type) }))]}
          />
          <Button onClick={exportCsv} disabled={shown.length === 0}>
            {t('common.exportCsv')}
          </Button>
          {mayCall(permissions, 'activities.create') && (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="activity-new">
              {t('marketing.activities.create')}
            </Button>
          )}
        </Space>
      </Space>
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={!query.isLoading && shown.length === 0}
        emptyText={t('marketing.activities.empty')}
      >
        <Table
          size="small"
          rowKey="id"
          data-testid="activity-list"
          dataSource={shown}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: true }}
          columns={[
            {
              title: t('marketing.activities.banner'),
              dataIndex: 'imageUrl',
              width: 110,
              render: (url: string | null) => (url ? <Image src={url} width={90} height={36} style={{ objectFit: 'cover' }} /> : '—'),
            },
            {
              title: t('marketing.activities.name'),
              key: 'name',
              render: (_: unknown, activity: Activity) => (
                <div style={{ minWidth: 150 }}>
                  <div>{titleOf(activity)}</div>
                  <Typography.Text type="secondary">
                    #{activity.id} · {typeName(activity.type)}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: t('common.status'),
              key: 'state',
              render: (_: unknown, activity: Activity) => {
                const state = stateOf(activity);
                return (
                  <Space size={4}>
                    <Tag color={STATE_COLOURS[state]}>{t(`marketing.activities.states.${state}`)}</Tag>
                    {mayCall(permissions, 'activities.disable') && (
                      <Switch
                        size="small"
                        checked={activity.enabled}
                        loading={busy}
                        onChange={(on) => void run('/ops/v1/activities/disable', { id: activity.id, enabled: on })}
                      />
                    )}
                  </Space>
                );
              },
            },
            {
              title: t('marketing.banners.window'),
              key: 'window',
              render: (_: unknown, activity: Activity) => (
                <div style={{ whiteSpace: 'nowrap' }}>
                  <div>{dateTime(activity.startAt)}</div>
                  <div>{activity.endAt ? dateTime(activity.endAt) : t('marketing.banners.noEnd')}</div>
                </div>
              ),
            },
            {
              title: t('marketing.activities.paid'),
              key: 'paid',
              align: 'end' as const,
              render: (_: unknown, activity: Activity) => (
                <div style={{ whiteSpace: 'nowrap' }}>
                  <div>{money(activity.paidTotal, activity.currency)}</div>
                  <Typography.Text type="secondary">
                    {activity.budgetCap ? t('marketing.activities.ofBudget', { budget: money(activity.budgetCap) }) : t('marketing.activities.noBudget')}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_: unknown, activity: Activity) => (
                <Space size={4} wrap style={{ minWidth: 160 }}>
                  {mayChange && (
                    <Button size="small" onClick={() => setEditing(activity)}>
                      {t('marketing.edit')}
                    </Button>
                  )}
                  {mayCall(permissions, 'activities.schedule') && (
                    <Button size="small" onClick={() => setScheduling(activity)}>
                      {t('marketing.schedule')}
                    </Button>
                  )}
                  {mayCall(permissions, 'activities.banner') && (
                    <Upload
                      accept="image/png,image/jpeg,image/webp"
                      showUploadList={false}
                      beforeUpload={(file) => {
                        if (file.size > 2 * 1024 * 1024) message.error(t('marketing.banners.pictureRule'));
                        else void readImage(file).then((image) => run('/ops/v1/activities/banner', { id: activity.id, image }));
                        return false;
                      }}
                    >
                      <Button size="small" icon={<UploadOutlined />}>
                        {t('marketing.activities.banner')}
                      </Button>
                    </Upload>
                  )}
                  <Button size="small" type="link" onClick={() => setHistory(activity)}>
                    {t('marketing.history.title')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </PageState>
      {creating && (
        <CreateDialog
          busy={busy}
          onClose={() => setCreating(false)}
          onSubmit={async (type, title, summary) => {
            if (await run('/ops/v1/activities/create', { type, enabled: false, texts: { en_US: { title, summary } } })) setCreating(false);
          }}
        />
      )}
      {editing && (
        <ActivityEditor
          activity={editing}
          busy={busy}
          onClose={() => setEditing(null)}
          onSubmit={(body) => run('/ops/v1/activities/edit', { id: editing.id, ...body })}
        />
      )}
      {scheduling && (
        <ScheduleDialog
          startsAt={scheduling.startAt}
          endsAt={scheduling.endAt}
          busy={busy}
          requireStart
          onClose={() => setScheduling(null)}
          onSubmit={async (startAt, endAt) => {
            if (await run('/ops/v1/activities/schedule', { id: scheduling.id, startAt, endAt })) setScheduling(null);
          }}
        />
      )}
      <Drawer
        open={history !== null}
        width={Math.min(760, window.innerWidth - 40)}
        title={history ? `${t('marketing.history.title')}: ${titleOf(history)}` : ''}
        onClose={() => setHistory(null)}
        destroyOnHidden
      >
        {history && <History path="/ops/v1/activities/audit" body={{ id: history.id, limit: 100 }} queryKey={['activities', 'audit', history.id]} />}
      </Drawer>
    </div>
  );
}

function CreateDialog({
  busy,
  onClose,
  onSubmit,
}: {
  busy: boolean;
  onClose: () => void;
  onSubmit: (type: number, title: string, summary: string) => Promise<void>;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<{ type: number; title: string; summary: string }>();
  return (
    <Modal
      open
      title={t('marketing.activities.create')}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('common.save')}
      onOk={() => void form.validateFields().then((values) => onSubmit(values.type, values.title.trim(), values.summary.trim()))}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('marketing.activities.createHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ type: 1 }}>
        <Form.Item name="type" label={t('marketing.activities.type')} rules={[{ required: true }]}>
          <Select options={TYPES.map((type) => ({ value: type, label: t(`marketing.activities.types.${type}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('marketing.activities.textTitle')} rules={[{ required: true, whitespace: true, max: 80 }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="summary" label={t('marketing.activities.summary')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface EditForm {
  enTitle: string;
  enSummary: string;
  enContent?: string;
  zhTitle?: string;
  zhSummary?: string;
  zhContent?: string;
  sort: number;
  currency: 'USDT' | 'TRX';
  wageringMultiplier: number | null;
  perPlayerLimit: number | null;
  budgetCap?: string;
  requiresRecharge: boolean;
  rules: string;
}

/** An activity's texts (English required, Chinese optional), terms and type rules (JSON, checked by the server against the type). */
function ActivityEditor({
  activity,
  busy,
  onClose,
  onSubmit,
}: {
  activity: Activity;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: object) => Promise<boolean>;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<EditForm>();
  const en = activity.texts.en_US;
  const zh = activity.texts.zh_CN;
  const text = (title?: string, summary?: string, content?: string) =>
    title?.trim() && summary?.trim() ? { title: title.trim(), summary: summary.trim(), ...(content?.trim() ? { content: content.trim() } : {}) } : undefined;
  const submit = async () => {
    const values = await form.validateFields();
    const texts: Record<string, ActivityText> = { ...activity.texts, en_US: text(values.enTitle, values.enSummary, values.enContent)! };
    const zhText = text(values.zhTitle, values.zhSummary, values.zhContent);
    if (zhText) texts.zh_CN = zhText;
    else delete texts.zh_CN;
    const ok = await onSubmit({
      texts,
      sort: values.sort,
      currency: values.currency,
      wageringMultiplier: values.wageringMultiplier ?? null,
      perPlayerLimit: values.perPlayerLimit ?? null,
      budgetCap: values.budgetCap?.trim() ? values.budgetCap.trim() : null,
      requiresRecharge: values.requiresRecharge,
      rules: JSON.parse(values.rules),
    });
    if (ok) onClose();
  };
  const jsonRule = {
    validator: async (_: unknown, value: string) => {
      try {
        const parsed = JSON.parse(value);
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
      } catch {
        throw new Error(t('marketing.activities.rulesRule'));
      }
    },
  };
  const budgetRule = {
    validator: async (_: unknown, value?: string) => {
      if (!value?.trim()) return;
      const micro = toMicro(value);
      if (micro === undefined || micro === 0n) throw new Error(t('marketing.economy.badAmount'));
    },
  };
  return (
    <Modal
      open
      width={Math.min(760, window.innerWidth - 40)}
      title={`${t('marketing.edit')}: #${activity.id} ${t(`marketing.activities.types.${activity.type}`)}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          enTitle: en?.title,
          enSummary: en?.summary,
          enContent: en?.content,
          zhTitle: zh?.title,
          zhSummary: zh?.summary,
          zhContent: zh?.content,
          sort: activity.sort,
          currency: activity.currency,
          wageringMultiplier: activity.wageringMultiplier,
          perPlayerLimit: activity.perPlayerLimit,
          budgetCap: activity.budgetCap ?? '',
          requiresRecharge: activity.requiresRecharge,
          rules: JSON.stringify(activity.rules, null, 2),
        }}
      >
        <Typography.Text strong>English</Typography.Text>
        <Form.Item name="enTitle" label={t('marketing.activities.textTitle')} rules={[{ required: true, whitespace: true, max: 80 }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="enSummary" label={t('marketing.activities.summary')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="enContent" label={t('marketing.activities.content')} rules={[{ max: 5000 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Typography.Text strong>简体中文</Typography.Text>
        <Form.Item name="zhTitle" label={t('marketing.activities.textTitle')} rules={[{ max: 80 }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="zhSummary" label={t('marketing.activities.summary')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="zhContent" label={t('marketing.activities.content')} rules={[{ max: 5000 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="sort" label={t('marketing.activities.sort')} rules={[{ required: true }]}>
            <InputNumber min={-100000} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="currency" label={t('common.currency')}>
            <Select style={{ width: 100 }} options={[{ value: 'USDT' }, { value: 'TRX' }]} />
          </Form.Item>
          <Form.Item name="wageringMultiplier" label={t('marketing.economy.multiplier')} tooltip={t('marketing.activities.multiplierHint')}>
            <InputNumber min={0} max={100} precision={0} placeholder={t('marketing.activities.defaultValue')} />
          </Form.Item>
          <Form.Item name="perPlayerLimit" label={t('marketing.activities.perPlayerLimit')}>
            <InputNumber min={1} max={1000000} precision={0} placeholder={t('marketing.activities.noLimit')} />
          </Form.Item>
          <Form.Item name="budgetCap" label={t('marketing.activities.budgetCap')} rules={[budgetRule]}>
            <Input placeholder={t('marketing.activities.noBudget')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="requiresRecharge" label={t('marketing.activities.requiresRecharge')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="rules" label={t('marketing.activities.rules')} rules={[jsonRule]} extra={t('marketing.activities.rulesHint')}>
          <Input.TextArea rows={8} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
