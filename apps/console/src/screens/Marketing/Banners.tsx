import { ArrowDownOutlined, ArrowUpOutlined, UploadOutlined } from '@ant-design/icons';
import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Form, Image, Input, Modal, Select, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { useSaveWithMessage } from '../../components/submitting.ts';
import { mayCall } from '../../state/me.ts';
import { History } from './History.tsx';
import { LANGUAGES, readImage, toDayjs, toIso } from './media.ts';

type BannerList = Response<'banners', 'list'>;
type Banner = BannerList['banners'][number];

const LIST_KEY = ['ops', 'banners', 'list'];
const LINK = /^\/(?!\/)\S*$|^https:\/\/[^\s/]+(\/\S*)?$/;

interface BannerForm {
  title: string;
  link?: string;
  language?: string | null;
  promotionChannel?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  enabled?: boolean;
}

/**
 * The lobby's banners in display order: each one's picture, target, audience (language, channel),
 * window and whether the lobby shows it now; add, edit, reorder, switch on and off, schedule, and
 * the history of changes.
 */
export default function Banners() {
  const t = useTranslate();
  const client = useQueryClient();
  const { busy, save } = useSaveWithMessage();
  const { data: permissions } = usePermissions<string[]>({});
  const query = useQuery({ queryKey: LIST_KEY, queryFn: () => opsCall<BannerList>('/ops/v1/banners/list') });
  const banners = query.data?.banners ?? [];
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [scheduling, setScheduling] = useState<Banner | null>(null);
  const [history, setHistory] = useState<Banner | null>(null);

  const run = (path: string, body: object) =>
    save(async () => {
      await opsCall(path, body);
      await client.invalidateQueries({ queryKey: ['ops', 'banners'] });
      return t('marketing.banners.saved');
    });
  const move = (index: number, by: number) => {
    const ids = banners.map((banner) => banner.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void run('/ops/v1/banners/order', { ids });
  };

  const mayCreate = mayCall(permissions, 'banners.create');
  const mayChange = mayCall(permissions, 'banners.edit');

  return (
    <div data-testid="banners">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('marketing.banners.title')}
        </Typography.Title>
        <Space>
          <Button onClick={() => setHistory({ id: 0 } as Banner)}>{t('marketing.history.all')}</Button>
          {mayCreate && (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="banner-new">
              {t('marketing.banners.create')}
            </Button>
          )}
        </Space>
      </Space>
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={!query.isLoading && banners.length === 0}
        emptyText={t('marketing.banners.empty')}
      >
        <Table
          size="small"
          rowKey="id"
          data-testid="banner-list"
          dataSource={banners}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            {
              title: t('marketing.banners.picture'),
              dataIndex: 'imageUrl',
              width: 130,
              render: (url: string) => <Image src={url} width={110} height={44} style={{ objectFit: 'cover' }} />,
            },
            {
              title: t('marketing.banners.bannerTitle'),
              dataIndex: 'title',
              render: (title: string, banner: Banner) => (
                <div style={{ minWidth: 140 }}>
                  <div data-testid="banner-title">{title}</div>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                    {banner.link ?? t('marketing.banners.noLink')}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: t('marketing.banners.audience'),
              key: 'audience',
              render: (_: unknown, banner: Banner) => (
                <Space size={4} wrap>
                  <Tag>{banner.language ?? t('marketing.banners.allLanguages')}</Tag>
                  <Tag>{banner.promotionChannel ?? t('marketing.banners.allChannels')}</Tag>
                </Space>
              ),
            },
            {
              title: t('marketing.banners.window'),
              key: 'window',
              render: (_: unknown, banner: Banner) => (
                <div style={{ whiteSpace: 'nowrap' }}>
                  <div>{banner.startsAt ? dateTime(banner.startsAt) : t('marketing.banners.noStart')}</div>
                  <div>{banner.endsAt ? dateTime(banner.endsAt) : t('marketing.banners.noEnd')}</div>
                </div>
              ),
            },
            {
              title: t('common.status'),
              key: 'state',
              render: (_: unknown, banner: Banner) => (
                <Space size={4} wrap>
                  {banner.live ? <Tag color="green">{t('marketing.banners.live')}</Tag> : <Tag>{t('marketing.banners.notLive')}</Tag>}
                  {mayChange && (
                    <Switch
                      size="small"
                      checked={banner.enabled}
                      loading={busy}
                      onChange={(on) => void run(on ? '/ops/v1/banners/enable' : '/ops/v1/banners/disable', { id: banner.id })}
                      data-testid={`banner-enabled-${banner.id}`}
                    />
                  )}
                </Space>
              ),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_: unknown, banner: Banner, index: number) => (
                <Space size={4} wrap style={{ minWidth: 200 }}>
                  {mayChange && (
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0 || busy}
                      onClick={() => move(index, -1)}
                      aria-label={t('marketing.banners.up')}
                    />
                  )}
                  {mayChange && (
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={index === banners.length - 1 || busy}
                      onClick={() => move(index, 1)}
                      aria-label={t('marketing.banners.down')}
                    />
                  )}
                  {mayChange && (
                    <Button size="small" onClick={() => setEditing(banner)}>
                      {t('marketing.edit')}
                    </Button>
                  )}
                  {mayChange && (
                    <Button size="small" onClick={() => setScheduling(banner)}>
                      {t('marketing.schedule')}
                    </Button>
                  )}
                  <Button size="small" type="link" onClick={() => setHistory(banner)}>
                    {t('marketing.history.title')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </PageState>
      {editing && (
        <BannerEditor banner={editing === 'new' ? null : editing} busy={busy} onClose={() => setEditing(null)} onSubmit={(path, body) => run(path, body)} />
      )}
      {scheduling && (
        <ScheduleDialog
          startsAt={scheduling.startsAt}
          endsAt={scheduling.endsAt}
          busy={busy}
          onClose={() => setScheduling(null)}
          onSubmit={async (startsAt, endsAt) => {
            if (await run('/ops/v1/banners/schedule', { id: scheduling.id, startsAt, endsAt })) setScheduling(null);
          }}
        />
      )}
      <Drawer
        open={history !== null}
        width={Math.min(720, window.innerWidth - 40)}
        title={history?.id ? `${t('marketing.history.title')}: ${history.title}` : t('marketing.history.all')}
        onClose={() => setHistory(null)}
        destroyOnHidden
      >
        {history && <History path="/ops/v1/banners/audit" body={history.id ? { id: history.id } : {}} queryKey={['banners', 'audit', history.id]} />}
      </Drawer>
    </div>
  );
}

function BannerEditor({
  banner,
  busy,
  onClose,
  onSubmit,
}: {
  banner: Banner | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (path: string, body: object) => Promise<boolean>;
}) {
  const t = useTranslate();
  const [form] = Form.useForm<BannerForm>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    if (!banner && !file) {
      setFileError(true);
      return;
    }
    const image = file ? await readImage(file) : undefined;
    const common = {
      title: values.title.trim(),
      link: values.link?.trim() ? values.link.trim() : null,
      language: values.language ?? null,
      promotionChannel: values.promotionChannel?.trim() ? values.promotionChannel.trim() : null,
    };
    const ok = banner
      ? await onSubmit('/ops/v1/banners/edit', { id: banner.id, ...common, ...(image ? { image } : {}) })
      : await onSubmit('/ops/v1/banners/create', {
          ...common,
          image,
          enabled: values.enabled ?? true,
          startsAt: toIso(values.window?.[0]),
          endsAt: toIso(values.window?.[1]),
        });
    if (ok) onClose();
  };
  return (
    <Modal
      open
      title={banner ? t('marketing.banners.edit') : t('marketing.banners.create')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'banner-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          title: banner?.title ?? '',
          link: banner?.link ?? '',
          language: banner?.language ?? null,
          promotionChannel: banner?.promotionChannel ?? '',
          enabled: true,
        }}
      >
        <Form.Item
          name="title"
          label={t('marketing.banners.bannerTitle')}
          rules={[{ required: true, whitespace: true, max: 100, message: t('marketing.banners.titleRule') }]}
        >
          <Input data-testid="banner-title-input" maxLength={100} />
        </Form.Item>
        <Form.Item
          label={t('marketing.banners.picture')}
          required={!banner}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ? t('marketing.banners.pictureRule') : t('marketing.banners.pictureHint')}
        >
          <Upload
            accept="image/png,image/jpeg,image/webp,image/gif"
            maxCount={1}
            beforeUpload={(picked) => {
              const ok = picked.size <= 2 * 1024 * 1024;
              setFileError(!ok);
              setFile(ok ? picked : null);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />} data-testid="banner-picture">
              {t('marketing.banners.choosePicture')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item
          name="link"
          label={t('marketing.banners.link')}
          rules={[
            {
              validator: async (_, value?: string) =>
                !value?.trim() || LINK.test(value.trim()) ? undefined : Promise.reject(new Error(t('marketing.banners.linkRule'))),
            },
          ]}
        >
          <Input placeholder="/vip  https://…" data-testid="banner-link" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="language" label={t('marketing.banners.language')}>
            <Select
              style={{ width: 180 }}
              options={[{ value: null, label: t('marketing.banners.allLanguages') }, ...LANGUAGES.map((code) => ({ value: code, label: code }))]}
            />
          </Form.Item>
          <Form.Item name="promotionChannel" label={t('marketing.banners.channel')} rules={[{ max: 64 }]}>
            <Input placeholder={t('marketing.banners.allChannels')} style={{ width: 200 }} />
          </Form.Item>
        </Space>
        {!banner && (
          <Space wrap>
            <Form.Item name="window" label={t('marketing.banners.window')}>
              <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="enabled" label={t('marketing.banners.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Modal>
  );
}

/** A window from one instant to another; either side may stay open. */
export function ScheduleDialog({
  startsAt,
  endsAt,
  busy,
  requireStart,
  onClose,
  onSubmit,
}: {
  startsAt: string | null;
  endsAt: string | null;
  busy: boolean;
  requireStart?: boolean;
  onClose: () => void;
  onSubmit: (startsAt: string | null, endsAt: string | null) => Promise<void>;
}) {
  const t = useTranslate();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([toDayjs(startsAt), toDayjs(endsAt)]);
  const backwards = range[0] && range[1] && !range[1].isAfter(range[0]);
  const missingStart = requireStart && !range[0];
  return (
    <Modal
      open
      title={t('marketing.schedule')}
      onCancel={onClose}
      onOk={() => void onSubmit(toIso(range[0]), toIso(range[1]))}
      okText={t('common.save')}
      okButtonProps={{ disabled: Boolean(backwards || missingStart) }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Space direction="vertical">
        <DatePicker.RangePicker
          showTime
          allowEmpty={[!requireStart, true]}
          value={range}
          onChange={(value) => setRange([value?.[0] ?? null, value?.[1] ?? null])}
        />
        <Typography.Text type="secondary">{t('marketing.scheduleHint')}</Typography.Text>
        {backwards && <Typography.Text type="danger">{t('marketing.endBeforeStart')}</Typography.Text>}
      </Space>
    </Modal>
  );
}
