import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { DEFAULT_TEXT_LANGUAGE, defaultTextGiven, emptyTexts, everyLanguage, LanguageTexts, LanguageTextsView, type Texts } from './LanguageTexts.tsx';

type BulletinList = Response<'bulletins', 'list'>;
type Bulletin = BulletinList['bulletins'][number];
type BulletinStatus = Bulletin['status'];

const STATUS_COLOR: Record<BulletinStatus, string> = { scheduled: 'blue', showing: 'green', ended: 'default', withdrawn: 'red' };
const LIMIT_STEP = 50;

/** The bulletin board the player app opens: what is showing, scheduled, ended or withdrawn; publish and withdraw. */
export default function Bulletins() {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { data: permissions } = usePermissions<string[]>({});
  const [limit, setLimit] = useState(LIMIT_STEP);
  const [publishing, setPublishing] = useState(false);
  const query = useQuery({ queryKey: ['ops', 'bulletins', limit], queryFn: () => opsCall<BulletinList>('/ops/v1/bulletins/list', { limit }) });
  const rows = query.data?.bulletins ?? [];
  const canWithdraw = mayCall(permissions, 'bulletins.withdraw');

  const withdraw = async (id: number) => {
    try {
      await opsCall('/ops/v1/bulletins/withdraw', { id });
      message.success(t('support.bulletins.withdrawn'));
      await queryClient.invalidateQueries({ queryKey: ['ops', 'bulletins'] });
    } catch (error) {
      message.error(errorText(error));
    }
  };

  return (
    <div data-testid="support-bulletins">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 12 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('support.bulletins.title')}
        </Typography.Title>
        {mayCall(permissions, 'bulletins.publish') && (
          <Button type="primary" onClick={() => setPublishing(true)} data-testid="bulletin-new">
            {t('support.bulletins.publish')}
          </Button>
        )}
      </Space>
      <PageState
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={rows.length === 0}
        emptyText={t('support.bulletins.empty')}
      >
        <Table<Bulletin>
          rowKey="id"
          size="small"
          dataSource={rows}
          pagination={false}
          scroll={{ x: true }}
          data-testid="bulletin-list"
          expandable={{
            expandedRowRender: (row) => <LanguageTextsView title={row.title} content={row.content} />,
          }}
          columns={[
            { title: t('support.mail.id'), dataIndex: 'id', width: 70 },
            { title: t('support.mail.subject'), key: 'title', render: (_, row) => row.title[DEFAULT_TEXT_LANGUAGE] ?? Object.values(row.title)[0] },
            {
              title: t('support.bulletins.status'),
              dataIndex: 'status',
              render: (status: BulletinStatus) => <Tag color={STATUS_COLOR[status]}>{t(`support.bulletins.statuses.${status}`)}</Tag>,
            },
            { title: t('support.bulletins.startsAt'), dataIndex: 'startsAt', render: (value: string) => dateTime(value) },
            {
              title: t('support.bulletins.endsAt'),
              dataIndex: 'endsAt',
              render: (value: string | null) => (value ? dateTime(value) : t('support.bulletins.noEnd')),
            },
            { title: t('support.mail.at'), dataIndex: 'createdAt', render: (value: string) => dateTime(value) },
            ...(canWithdraw
              ? [
                  {
                    title: '',
                    key: 'actions',
                    render: (_: unknown, row: Bulletin) =>
                      row.status === 'showing' || row.status === 'scheduled' ? (
                        <Popconfirm
                          title={t('support.bulletins.withdrawConfirm')}
                          onConfirm={() => withdraw(row.id)}
                          okText={t('support.bulletins.withdraw')}
                          cancelText={t('support.bulletins.cancel')}
                        >
                          <Button danger size="small" data-testid="bulletin-withdraw">
                            {t('support.bulletins.withdraw')}
                          </Button>
                        </Popconfirm>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
        {rows.length === limit && limit < 500 && (
          <Button style={{ marginTop: 8 }} onClick={() => setLimit(Math.min(500, limit + LIMIT_STEP))}>
            {t('support.mail.loadMore')}
          </Button>
        )}
      </PageState>
      {publishing && <PublishDialog onDone={() => setPublishing(false)} />}
    </div>
  );
}

function PublishDialog({ onDone }: { onDone: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Texts>(emptyTexts);
  const [startsAt, setStartsAt] = useState<Dayjs | null>(null);
  const [endsAt, setEndsAt] = useState<Dayjs | null>(null);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const badRange = !!endsAt && endsAt.valueOf() <= (startsAt?.valueOf() ?? Date.now());

  const publish = async () => {
    setTried(true);
    if (!defaultTextGiven(texts) || badRange) return;
    setSending(true);
    try {
      const { bulletin } = await opsCall<Response<'bulletins', 'publish'>>('/ops/v1/bulletins/publish', {
        ...everyLanguage(texts),
        ...(startsAt ? { startsAt: startsAt.toISOString() } : {}),
        ...(endsAt ? { endsAt: endsAt.toISOString() } : {}),
      });
      message.success(t('support.bulletins.published', { id: bulletin.id }));
      await queryClient.invalidateQueries({ queryKey: ['ops', 'bulletins'] });
      onDone();
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={t('support.bulletins.publish')}
      onCancel={onDone}
      onOk={() => void publish()}
      okText={t('support.bulletins.publishNow')}
      cancelText={t('support.bulletins.cancel')}
      okButtonProps={{ loading: sending, ...({ 'data-testid': 'bulletin-publish' } as Record<string, string>) }}
    >
      <Form layout="vertical">
        <Space wrap size="large">
          <Form.Item label={t('support.bulletins.startsAt')}>
            <DatePicker showTime value={startsAt} onChange={setStartsAt} placeholder={t('support.bulletins.startsNow')} />
          </Form.Item>
          <Form.Item
            label={t('support.bulletins.endsAt')}
            validateStatus={tried && badRange ? 'error' : undefined}
            help={tried && badRange ? t('support.bulletins.endBeforeStart') : undefined}
          >
            <DatePicker showTime value={endsAt} onChange={setEndsAt} placeholder={t('support.bulletins.noEnd')} />
          </Form.Item>
        </Space>
        <LanguageTexts value={texts} onChange={setTexts} titleMax={120} contentMax={5000} showError={tried} />
      </Form>
    </Modal>
  );
}
