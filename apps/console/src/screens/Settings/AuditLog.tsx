import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Form, Input, Row, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call, type Request, type Response } from '../../api/opsClient.ts';
import { dateTime, downloadCsv, toCsv } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';

type AuditRecord = Response<'audit', 'list'>['list'][number];
type Filters = Omit<Request<'audit', 'list'>, 'beforeId' | 'limit'>;
type Verdict = Response<'audit', 'verify'>;

const PAGE = 50;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The audit log, newest first, with filters and paging by id, and the check of its hash chain. */
export default function AuditLog() {
  const t = useTranslate();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ actor?: string; action?: string; target?: string; range?: [Dayjs | null, Dayjs | null] | null }>();
  const [filters, setFilters] = useState<Filters>({});
  // The beforeId of each page opened so far: the first page has none.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const beforeId = cursors[cursors.length - 1];
  const page = useQuery({
    queryKey: ['ops', 'audit', 'list', filters, beforeId],
    queryFn: () => call('audit', 'list', { ...filters, ...(beforeId ? { beforeId } : {}), limit: PAGE }),
  });
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);

  const apply = (values: { actor?: string; action?: string; target?: string; range?: [Dayjs | null, Dayjs | null] | null }) => {
    const next: Filters = {};
    if (values.actor?.trim()) next.actor = values.actor.trim();
    if (values.action?.trim()) next.action = values.action.trim();
    if (values.target?.trim()) next.target = values.target.trim();
    if (values.range?.[0]) next.from = values.range[0].toISOString();
    if (values.range?.[1]) next.to = values.range[1].toISOString();
    setFilters(next);
    setCursors([undefined]);
  };

  const verify = async () => {
    setVerifying(true);
    setVerifyError(null);
    try {
      setVerdict(await call('audit', 'verify', {}));
    } catch (error) {
      setVerdict(null);
      setVerifyError(errorText(error));
    } finally {
      setVerifying(false);
    }
  };

  const rows = page.data?.list ?? [];
  const exportRows = () =>
    downloadCsv(
      'audit.csv',
      toCsv(
        ['id', 'at', 'actorKind', 'actorName', 'action', 'target', 'kind', 'code', 'reason', 'ip', 'userAgent', 'before', 'after', 'hash'],
        rows.map((row) => [
          row.id,
          row.at,
          row.actorKind,
          row.actorName,
          row.action,
          row.target,
          row.kind,
          row.code,
          row.reason,
          row.ip,
          row.userAgent,
          json(row.before),
          json(row.after),
          row.hash,
        ]),
      ),
    );

  return (
    <div data-testid="audit-page">
      <Row justify="space-between" align="middle" gutter={[8, 8]} style={{ marginBottom: 12 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('settings.audit.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('settings.audit.hint')}</Typography.Text>
        </Col>
        <Col>
          <Space>
            <Button onClick={exportRows} disabled={rows.length === 0}>
              {t('common.exportCsv')}
            </Button>
            <Button type="primary" onClick={() => void verify()} loading={verifying} data-testid="audit-verify">
              {t('settings.audit.verify')}
            </Button>
          </Space>
        </Col>
      </Row>
      {verdict && (
        <Alert
          style={{ marginBottom: 12 }}
          showIcon
          closable
          onClose={() => setVerdict(null)}
          type={verdict.ok ? 'success' : 'error'}
          data-testid="audit-verdict"
          message={
            verdict.ok ? t('settings.audit.intact', { count: verdict.count }) : t('settings.audit.broken', { id: verdict.brokenAt, count: verdict.count })
          }
          description={verdict.ok ? undefined : verdict.reason}
        />
      )}
      {verifyError && <Alert style={{ marginBottom: 12 }} type="error" showIcon message={verifyError} />}
      <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="actor">
          <Input placeholder={t('settings.audit.actor')} allowClear style={{ width: 180 }} data-testid="audit-actor" />
        </Form.Item>
        <Form.Item name="action">
          <Input placeholder={t('settings.audit.actionPrefix')} allowClear style={{ width: 220 }} data-testid="audit-action" />
        </Form.Item>
        <Form.Item name="target">
          <Input placeholder={t('settings.audit.target')} allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} placeholder={[t('settings.audit.from'), t('settings.audit.to')]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-apply">
            {t('common.apply')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form>
      <PageState
        loading={page.isLoading}
        error={page.error}
        onRetry={() => void page.refetch()}
        empty={rows.length === 0 && cursors.length === 1}
        emptyText={t('settings.audit.none')}
      >
        <Table<AuditRecord>
          rowKey="id"
          size="small"
          dataSource={rows}
          loading={page.isFetching}
          pagination={false}
          scroll={{ x: true }}
          data-testid="audit-table"
          expandable={{ expandedRowRender: (row) => <RecordDetails row={row} />, rowExpandable: () => true }}
          columns={[
            { title: t('common.time'), dataIndex: 'at', render: (at: string) => <span style={NOWRAP}>{dateTime(at)}</span> },
            {
              title: t('settings.audit.who'),
              key: 'who',
              render: (_: unknown, row: AuditRecord) => (
                <Space size={4} style={NOWRAP}>
                  <Tag>{t(`settings.audit.actorKind.${row.actorKind}`)}</Tag>
                  {row.actorName ?? '—'}
                </Space>
              ),
            },
            {
              title: t('settings.audit.action'),
              dataIndex: 'action',
              render: (action: string) => (
                <Typography.Text code style={NOWRAP}>
                  {action}
                </Typography.Text>
              ),
            },
            { title: t('settings.audit.target'), dataIndex: 'target', render: (target: string | null) => <span style={NOWRAP}>{target ?? '—'}</span> },
            {
              title: t('settings.audit.outcome'),
              key: 'outcome',
              render: (_: unknown, row: AuditRecord) => (
                <Space size={4} style={NOWRAP}>
                  <Tag color={row.kind === 'change' ? 'blue' : row.kind === 'pii' ? 'purple' : 'default'}>{t(`settings.audit.kind.${row.kind}`)}</Tag>
                  {row.code === 0 ? <Tag color="green">{t('settings.audit.ok')}</Tag> : <Tag color="red">{row.code}</Tag>}
                </Space>
              ),
            },
            { title: t('common.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '—', ellipsis: true, width: 220 },
            { title: t('settings.audit.address'), dataIndex: 'ip', render: (ip: string | null) => <span style={NOWRAP}>{ip ?? '—'}</span> },
          ]}
        />
        <Space style={{ marginTop: 12 }}>
          <Button disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))} data-testid="audit-newer">
            {t('settings.audit.newer')}
          </Button>
          <Button
            disabled={!page.data?.nextBeforeId}
            onClick={() => page.data?.nextBeforeId && setCursors([...cursors, page.data.nextBeforeId])}
            data-testid="audit-older"
          >
            {t('settings.audit.older')}
          </Button>
          <Typography.Text type="secondary">{t('settings.audit.pageNo', { page: cursors.length })}</Typography.Text>
        </Space>
      </PageState>
    </div>
  );
}

const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Before and after of one record, field by field where both are objects; changed fields stand out. */
function RecordDetails({ row }: { row: AuditRecord }) {
  const t = useTranslate();
  const before = row.before ?? null;
  const after = row.after ?? null;
  const fields =
    isPlainObject(before) || isPlainObject(after)
      ? [...new Set([...Object.keys(isPlainObject(before) ? before : {}), ...Object.keys(isPlainObject(after) ? after : {})])].map((field) => ({
          field,
          before: isPlainObject(before) ? json(before[field]) : '',
          after: isPlainObject(after) ? json(after[field]) : '',
        }))
      : before === null && after === null
        ? []
        : [{ field: '—', before: json(before), after: json(after) }];
  return (
    <div data-testid="audit-details" style={{ maxWidth: '100%' }}>
      <Space direction="vertical" size={4} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          {t('settings.audit.userAgent')}: {row.userAgent ?? '—'}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {t('settings.audit.hash')}: {row.hash}
        </Typography.Text>
      </Space>
      {fields.length === 0 ? (
        <Typography.Text type="secondary">{t('settings.audit.noChange')}</Typography.Text>
      ) : (
        <Table
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={fields}
          tableLayout="fixed"
          columns={[
            { title: t('settings.audit.field'), dataIndex: 'field', width: 160 },
            {
              title: t('settings.audit.before'),
              dataIndex: 'before',
              render: (text: string, entry) => <DiffCell text={text} changed={entry.before !== entry.after} tone="before" />,
            },
            {
              title: t('settings.audit.after'),
              dataIndex: 'after',
              render: (text: string, entry) => <DiffCell text={text} changed={entry.before !== entry.after} tone="after" />,
            },
          ]}
        />
      )}
    </div>
  );
}

function DiffCell({ text, changed, tone }: { text: string; changed: boolean; tone: 'before' | 'after' }) {
  const background = changed ? (tone === 'before' ? '#fff1f0' : '#f6ffed') : undefined;
  return <code style={{ background, whiteSpace: 'pre-wrap', wordBreak: 'break-all', display: 'block' }}>{text || '—'}</code>;
}
