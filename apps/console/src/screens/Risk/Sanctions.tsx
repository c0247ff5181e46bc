import { usePermissions, useTranslate } from '@refinedev/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Button, Card, Col, Form, Input, Row, Segmented, Select, Space, Statistic, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, OpsError, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { ActionDialog } from '../Players/shared.tsx';

type Entry = Response<'sanctions', 'search'>['list'][number];
type Hit = Response<'sanctions', 'hits'>['list'][number];
type LineError = { line: number; text: string; reason: string };

const STATE_COLOR: Record<Hit['state'], string> = { refused: 'red', held: 'orange', credited: 'green', refunded: 'blue', kept: 'default' };

/** The bad lines an upload was refused for, when the refusal names them. */
function lineErrors(error: unknown): LineError[] {
  const data = error instanceof OpsError ? (error.data as { errors?: LineError[] } | null) : null;
  return Array.isArray(data?.errors) ? data.errors : [];
}

/**
 * Sanctions screening (PROTECTION.md): the lists of sanctioned TRON addresses with their counts, a
 * search, an upload (pasted or from a file) that names each bad line, and what was met with a listed
 * address, the held deposits with their decision.
 */
export default function Sanctions() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const mayChange = mayCall(permissions, 'sanctions.upload');
  const mayDecide = mayCall(permissions, 'sanctions.decide');
  const lists = useQuery({ queryKey: ['sanctions', 'lists'], queryFn: () => call('sanctions', 'lists', {}) });
  return (
    <div data-testid="risk-sanctions">
      <Typography.Title level={3}>{t('risk.sanctions.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('risk.sanctions.hint')}</Typography.Paragraph>
      <PageState loading={lists.isLoading} error={lists.error} onRetry={() => void lists.refetch()}>
        <Row gutter={[12, 12]} style={{ marginBottom: 16 }} data-testid="sanction-counts">
          {lists.data?.lists.map((row) => (
            <Col key={row.list} xs={24} sm={12} lg={6}>
              <Card size="small" data-testid={`sanction-list-${row.list}`}>
                <Statistic title={row.list} value={row.total} />
                <Typography.Text type="secondary">{t('risk.sanctions.split', { shipped: row.shipped, uploaded: row.uploaded })}</Typography.Text>
              </Card>
            </Col>
          ))}
          <Col xs={24} sm={12} lg={6}>
            <Card size="small" data-testid="sanction-held-count">
              <Statistic title={t('risk.sanctions.heldCount')} value={lists.data?.held ?? 0} />
              <Typography.Text type="secondary">{t('risk.sanctions.distinct', { count: lists.data?.total ?? 0 })}</Typography.Text>
            </Card>
          </Col>
        </Row>
      </PageState>
      <Hits mayDecide={mayDecide} onDecided={() => void lists.refetch()} />
      {mayChange && <UploadForm lists={lists.data?.lists.map((row) => row.list) ?? []} onUploaded={() => void lists.refetch()} />}
      <Entries
        mayRemove={mayCall(permissions, 'sanctions.remove')}
        lists={lists.data?.lists.map((row) => row.list) ?? []}
        onRemoved={() => void lists.refetch()}
      />
    </div>
  );
}

function Hits({ mayDecide, onDecided }: { mayDecide: boolean; onDecided: () => void }) {
  const t = useTranslate();
  const [state, setState] = useState<'held' | 'all'>('held');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ hit: Hit; decision: 'credit' | 'refund' | 'keep' } | null>(null);
  const query = useQuery({
    queryKey: ['sanctions', 'hits', state, page],
    queryFn: () => call('sanctions', 'hits', { page, pageSize: 20, ...(state === 'held' ? { state } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={4}>{t('risk.sanctions.hits')}</Typography.Title>
      <Segmented
        value={state}
        onChange={(value) => {
          setState(value as typeof state);
          setPage(1);
        }}
        options={[
          { value: 'held', label: t('risk.sanctions.state.held') },
          { value: 'all', label: t('common.all') },
        ]}
        style={{ marginBottom: 12 }}
        data-testid="hits-filter"
      />
      <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
        <Table<Hit>
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          dataSource={query.data?.list}
          loading={query.isFetching}
          locale={{ emptyText: t(state === 'held' ? 'risk.sanctions.noneHeld' : 'risk.sanctions.noHits') }}
          data-testid="sanction-hits"
          pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('risk.sanctions.when'), dataIndex: 'createdAt', render: dateTime },
            {
              title: t('risk.sanctions.kind.title'),
              dataIndex: 'kind',
              render: (kind: Hit['kind']) => <span style={{ whiteSpace: 'nowrap' }}>{t(`risk.sanctions.kind.${kind}`)}</span>,
            },
            {
              title: t('risk.sanctions.player'),
              dataIndex: 'playerId',
              render: (id: number | null) => (id === null ? '—' : <Link to={`/players/${id}`}>{id}</Link>),
            },
            {
              title: t('risk.sanctions.address'),
              key: 'address',
              render: (_, hit) => (
                <span>
                  <Typography.Text code copyable>
                    {hit.address}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{hit.lists.join(', ')}</Typography.Text>
                </span>
              ),
            },
            {
              title: t('risk.sanctions.amount'),
              key: 'amount',
              align: 'right',
              render: (_, hit) => (hit.amount === null ? '—' : money(hit.amount, hit.currency ?? undefined)),
            },
            {
              title: t('common.status'),
              key: 'state',
              render: (_, hit) => (
                <span data-testid={`hit-state-${hit.id}`}>
                  <Tag color={STATE_COLOR[hit.state]}>{t(`risk.sanctions.state.${hit.state}`)}</Tag>
                  {hit.decidedBy ? (
                    <Typography.Text type="secondary">
                      {t('risk.sanctions.decided', { by: hit.decidedBy, at: dateTime(hit.decidedAt), reason: hit.decisionReason ?? '' })}
                    </Typography.Text>
                  ) : null}
                </span>
              ),
            },
            ...(mayDecide
              ? [
                  {
                    title: t('common.actions'),
                    key: 'actions',
                    render: (_: unknown, hit: Hit) =>
                      hit.state === 'held' ? (
                        <Space wrap>
                          {hit.kind === 'deposit' && (
                            <Button size="small" type="primary" onClick={() => setDeciding({ hit, decision: 'credit' })} data-testid={`credit-${hit.id}`}>
                              {t('risk.sanctions.credit')}
                            </Button>
                          )}
                          {hit.kind === 'transfer_bet' && (
                            <Button size="small" onClick={() => setDeciding({ hit, decision: 'refund' })} data-testid={`refund-${hit.id}`}>
                              {t('risk.sanctions.refund')}
                            </Button>
                          )}
                          <Button size="small" danger onClick={() => setDeciding({ hit, decision: 'keep' })} data-testid={`keep-${hit.id}`}>
                            {t('risk.sanctions.keep')}
                          </Button>
                        </Space>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </PageState>
      <ActionDialog
        testId="decide-dialog"
        open={deciding !== null}
        title={deciding ? t(`risk.sanctions.${deciding.decision}Title`, { id: deciding.hit.id }) : ''}
        hint={deciding ? t(`risk.sanctions.${deciding.decision}Hint`) : undefined}
        onClose={() => setDeciding(null)}
        submit={async ({ reason }: { reason: string }) => {
          if (!deciding) return;
          await call('sanctions', 'decide', { id: deciding.hit.id, decision: deciding.decision, reason });
          await query.refetch();
          onDecided();
        }}
      />
    </section>
  );
}

function UploadForm({ lists, onUploaded }: { lists: string[]; onUploaded: () => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ list: string; mode: 'add' | 'replace'; text: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const upload = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const result = await call('sanctions', 'upload', { list: values.list.trim(), mode: values.mode, text: values.text });
      message.success(t('risk.sanctions.uploaded', result));
      form.setFieldValue('text', '');
      onUploaded();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const bad = lineErrors(error);
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Title level={4}>{t('risk.sanctions.upload')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('risk.sanctions.uploadHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ mode: 'add', list: '' }} data-testid="sanction-upload" style={{ maxWidth: 720 }}>
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item
              name="list"
              label={t('risk.sanctions.list')}
              rules={[{ required: true, pattern: /^\s*[a-zA-Z0-9][a-zA-Z0-9-]{1,39}\s*$/, message: t('risk.sanctions.listRule') }]}
            >
              <AutoComplete options={lists.map((value) => ({ value }))} data-testid="upload-list" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="mode" label={t('risk.sanctions.mode')}>
              <Segmented
                options={[
                  { value: 'add', label: t('risk.sanctions.add') },
                  { value: 'replace', label: t('risk.sanctions.replace') },
                ]}
                data-testid="upload-mode"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="text" label={t('risk.sanctions.addresses')} extra={t('risk.sanctions.addressesHint')}>
          <Input.TextArea rows={6} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="upload-text" />
        </Form.Item>
        <Space wrap>
          <Upload
            accept=".txt,.csv,text/plain"
            showUploadList={false}
            beforeUpload={(file) => {
              void file.text().then((text) => form.setFieldValue('text', text));
              return false;
            }}
          >
            <Button data-testid="upload-file">{t('risk.sanctions.fromFile')}</Button>
          </Upload>
          <Button type="primary" loading={busy} onClick={() => void upload()} data-testid="upload-submit">
            {t('risk.sanctions.send')}
          </Button>
        </Space>
      </Form>
      {error ? (
        <Alert
          style={{ marginTop: 12, maxWidth: 720 }}
          type="error"
          showIcon
          message={bad.length > 0 ? t('risk.sanctions.badLines', { count: bad.length }) : errorText(error)}
          description={
            bad.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {bad.map((line) => (
                  <li key={line.line}>
                    {t('risk.sanctions.line', { line: line.line })} <Typography.Text code>{line.text || '—'}</Typography.Text> {line.reason}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
          data-testid="upload-error"
        />
      ) : null}
    </section>
  );
}

function Entries({ lists, mayRemove, onRemoved }: { lists: string[]; mayRemove: boolean; onRemoved: () => void }) {
  const t = useTranslate();
  const [query, setQuery] = useState('');
  const [list, setList] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Entry | null>(null);
  const entries = useQuery({
    queryKey: ['sanctions', 'search', query, list, page],
    queryFn: () => call('sanctions', 'search', { page, pageSize: 20, ...(query ? { query } : {}), ...(list ? { list } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <Typography.Title level={4}>{t('risk.sanctions.entries')}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('risk.sanctions.searchHint')}
          onSearch={(value) => {
            setQuery(value.trim());
            setPage(1);
          }}
          style={{ width: 320, maxWidth: '100%' }}
          data-testid="sanction-search"
        />
        <Select
          allowClear
          placeholder={t('risk.sanctions.allLists')}
          value={list}
          onChange={(value) => {
            setList(value);
            setPage(1);
          }}
          options={lists.map((value) => ({ value, label: value }))}
          style={{ width: 200 }}
        />
      </Space>
      <PageState loading={entries.isLoading} error={entries.error} onRetry={() => void entries.refetch()}>
        <Table<Entry>
          rowKey={(row) => `${row.list}/${row.address}`}
          size="small"
          scroll={{ x: true }}
          dataSource={entries.data?.list}
          loading={entries.isFetching}
          locale={{ emptyText: t('risk.sanctions.noEntries') }}
          data-testid="sanction-entries"
          pagination={{
            current: page,
            pageSize: 20,
            total: entries.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (total) => t('common.total', { count: total }),
          }}
          columns={[
            {
              title: t('risk.sanctions.address'),
              dataIndex: 'address',
              render: (address: string) => (
                <Typography.Text code copyable>
                  {address}
                </Typography.Text>
              ),
            },
            { title: t('risk.sanctions.list'), dataIndex: 'list' },
            {
              title: t('risk.sanctions.source.title'),
              dataIndex: 'source',
              render: (source: Entry['source']) => <Tag color={source === 'shipped' ? 'blue' : 'purple'}>{t(`risk.sanctions.source.${source}`)}</Tag>,
            },
            { title: t('risk.sanctions.added'), key: 'added', render: (_, row) => `${dateTime(row.addedAt)}${row.addedBy ? ` · ${row.addedBy}` : ''}` },
            ...(mayRemove
              ? [
                  {
                    title: t('common.actions'),
                    key: 'actions',
                    render: (_: unknown, row: Entry) =>
                      row.source === 'upload' ? (
                        <Button size="small" onClick={() => setRemoving(row)} data-testid={`remove-${row.address}`}>
                          {t('risk.sanctions.remove')}
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </PageState>
      <ActionDialog
        testId="remove-dialog"
        open={removing !== null}
        title={t('risk.sanctions.removeTitle', { address: removing?.address ?? '', list: removing?.list ?? '' })}
        onClose={() => setRemoving(null)}
        submit={async ({ reason }: { reason: string }) => {
          if (!removing) return;
          await call('sanctions', 'remove', { list: removing.list, address: removing.address, reason });
          await entries.refetch();
          onRemoved();
        }}
      />
    </section>
  );
}
