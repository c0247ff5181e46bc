import { useGetLocale, usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, InputNumber, Popconfirm, Radio, Select, Space, Table, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { DEFAULT_TEXT_LANGUAGE, defaultTextGiven, emptyTexts, everyLanguage, LanguageTexts, LanguageTextsView, type Texts } from './LanguageTexts.tsx';

type SentPage = Response<'mail', 'sent'>;
/** A sent mail as mail.sent answers it. */
type SentMail = SentPage['mails'][number];
type Audience = SentMail['audience'];
type Audit = Response<'mail', 'audit'>;
type AuditRow = Audit['changes'][number];

interface Category {
  id: number;
  name: Record<string, string> | string;
}

const SENT_PAGE = 50;

function newRequestKey(): string {
  return `mail-${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The mail categories the player app files mail under: the public /v1/notice/mailConfigSync. */
async function mailCategories(): Promise<Category[]> {
  const response = await fetch('/v1/notice/mailConfigSync', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const reply = (await response.json()) as { code: number; data?: { items?: { categories?: Category[] } } };
  return Array.isArray(reply.data?.items?.categories) ? reply.data.items.categories.filter((c) => typeof c.id === 'number') : [];
}

/** Site mail: write to one player, a segment or everyone; what was sent; the audit trail of mail and bulletins. */
export default function Mail() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  return (
    <div data-testid="support-mail">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('support.mail.title')}
      </Typography.Title>
      <Tabs
        items={[
          ...(mayCall(permissions, 'mail.send') ? [{ key: 'compose', label: t('support.mail.compose'), children: <Compose /> }] : []),
          { key: 'sent', label: <span data-testid="mail-sent-tab">{t('support.mail.sent')}</span>, children: <Sent /> },
          { key: 'audit', label: t('support.mail.audit'), children: <Audit /> },
        ]}
      />
    </div>
  );
}

function Compose() {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const categories = useQuery({ queryKey: ['public', 'mailConfigSync'], queryFn: mailCategories, staleTime: 300_000 });
  const [kind, setKind] = useState<Audience['kind']>('player');
  const [playerId, setPlayerId] = useState<number | null>(null);
  const [vipMin, setVipMin] = useState<number | null>(null);
  const [vipMax, setVipMax] = useState<number | null>(null);
  const [registeredSince, setRegisteredSince] = useState<Dayjs | null>(null);
  const [category, setCategory] = useState<number | null>(null);
  const [expiresAt, setExpiresAt] = useState<Dayjs | null>(null);
  const [texts, setTexts] = useState<Texts>(emptyTexts);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  // One key per message being written: sending it again after a lost answer does not send twice.
  const [requestKey, setRequestKey] = useState(newRequestKey);

  const chosenCategory = category ?? categories.data?.[0]?.id ?? null;
  const audienceProblem =
    kind === 'player' && !playerId
      ? t('support.mail.playerRequired')
      : kind === 'segment' && vipMin === null && vipMax === null && !registeredSince
        ? t('support.mail.segmentRequired')
        : null;
  const ready = !audienceProblem && defaultTextGiven(texts) && chosenCategory !== null;

  const send = async () => {
    setTried(true);
    if (!ready) return;
    const audience =
      kind === 'player'
        ? { kind, playerId }
        : kind === 'segment'
          ? {
              kind,
              ...(vipMin !== null ? { vipMin } : {}),
              ...(vipMax !== null ? { vipMax } : {}),
              ...(registeredSince ? { registeredSince: registeredSince.toISOString() } : {}),
            }
          : { kind };
    setSending(true);
    try {
      const result = await opsCall<Response<'mail', 'send'>>('/ops/v1/mail/send', {
        audience,
        category: chosenCategory,
        ...everyLanguage(texts),
        ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
        requestKey,
      });
      message.success(t(result.created ? 'support.mail.sentOk' : 'support.mail.sentAgain', { id: result.mail.id }));
      setTexts(emptyTexts());
      setTried(false);
      setRequestKey(newRequestKey());
      await queryClient.invalidateQueries({ queryKey: ['ops', 'mail'] });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setSending(false);
    }
  };

  const nameLanguage = useGetLocale()() === 'zh' ? 'zh_CN' : DEFAULT_TEXT_LANGUAGE;
  const categoryName = (c: Category) => (typeof c.name === 'string' ? c.name : (c.name[nameLanguage] ?? c.name[DEFAULT_TEXT_LANGUAGE] ?? String(c.id)));

  return (
    <Card size="small" style={{ maxWidth: 900 }}>
      <Form layout="vertical" onSubmitCapture={(event) => event.preventDefault()}>
        <Form.Item label={t('support.mail.audience')} style={{ marginBottom: 8 }}>
          <Radio.Group
            value={kind}
            onChange={(event) => setKind(event.target.value)}
            options={[
              { value: 'player', label: t('support.mail.toPlayer') },
              { value: 'segment', label: t('support.mail.toSegment') },
              { value: 'all', label: t('support.mail.toAll') },
            ]}
            data-testid="mail-audience"
          />
        </Form.Item>
        {kind === 'player' && (
          <Form.Item
            label={t('support.mail.playerId')}
            required
            validateStatus={tried && audienceProblem ? 'error' : undefined}
            help={tried ? audienceProblem : undefined}
          >
            <InputNumber min={1} precision={0} value={playerId} onChange={(value) => setPlayerId(value)} style={{ width: 200 }} data-testid="mail-player-id" />
          </Form.Item>
        )}
        {kind === 'segment' && (
          <Form.Item validateStatus={tried && audienceProblem ? 'error' : undefined} help={tried ? audienceProblem : undefined}>
            <Space wrap>
              <span>{t('support.mail.vipMin')}</span>
              <InputNumber min={0} max={100} precision={0} value={vipMin} onChange={setVipMin} />
              <span>{t('support.mail.vipMax')}</span>
              <InputNumber min={vipMin ?? 0} max={100} precision={0} value={vipMax} onChange={setVipMax} />
              <span>{t('support.mail.registeredSince')}</span>
              <DatePicker value={registeredSince} onChange={setRegisteredSince} />
            </Space>
          </Form.Item>
        )}
        <Space wrap size="large">
          <Form.Item label={t('support.mail.category')} required>
            <Select
              value={chosenCategory}
              loading={categories.isLoading}
              onChange={setCategory}
              style={{ width: 220 }}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: categoryName(c) }))}
              data-testid="mail-category"
            />
          </Form.Item>
          <Form.Item label={t('support.mail.expiresAt')}>
            <DatePicker
              showTime
              value={expiresAt}
              onChange={setExpiresAt}
              placeholder={t('support.mail.never')}
              disabledDate={(day) => day.isBefore(new Date(), 'day')}
            />
          </Form.Item>
        </Space>
        <LanguageTexts value={texts} onChange={setTexts} titleMax={120} contentMax={5000} showError={tried} />
        {kind === 'all' ? (
          <Popconfirm
            title={t('support.mail.sendAllConfirm')}
            onConfirm={() => void send()}
            okText={t('support.mail.send')}
            cancelText={t('support.bulletins.cancel')}
          >
            <Button type="primary" loading={sending} data-testid="mail-send">
              {t('support.mail.send')}
            </Button>
          </Popconfirm>
        ) : (
          <Button type="primary" loading={sending} onClick={() => void send()} data-testid="mail-send">
            {t('support.mail.send')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

function useAudienceText() {
  const t = useTranslate();
  return (audience: Audience): string => {
    if (audience.kind === 'all') return t('support.mail.audienceAll');
    if (audience.kind === 'player') return t('support.mail.audiencePlayer', { id: audience.playerId });
    const parts = [
      audience.vipMin !== null ? `VIP ≥ ${audience.vipMin}` : '',
      audience.vipMax !== null ? `VIP ≤ ${audience.vipMax}` : '',
      audience.registeredSince ? `${t('support.mail.registeredSince')} ${dateTime(audience.registeredSince)}` : '',
    ].filter(Boolean);
    return `${t('support.mail.audienceSegment')}: ${parts.join(', ')}`;
  };
}

function Sent() {
  const t = useTranslate();
  const audienceText = useAudienceText();
  // Pages before an id: each "load more" asks for the page before the oldest one shown.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const query = useQuery({
    queryKey: ['ops', 'mail', 'sent', cursors],
    queryFn: async () => {
      const pages = await Promise.all(
        cursors.map((beforeId) => opsCall<SentPage>('/ops/v1/mail/sent', { limit: SENT_PAGE, ...(beforeId ? { beforeId } : {}) })),
      );
      return pages.flatMap((page) => page.mails);
    },
  });
  const rows = query.data ?? [];
  const more = rows.length === cursors.length * SENT_PAGE;
  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} empty={rows.length === 0} emptyText={t('support.mail.empty')}>
      <Table<SentMail>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        data-testid="mail-sent"
        expandable={{
          expandedRowRender: (row) => <LanguageTextsView title={row.title} content={row.content} />,
        }}
        columns={[
          { title: t('support.mail.id'), dataIndex: 'id', width: 70 },
          { title: t('support.mail.to'), key: 'to', render: (_, row) => audienceText(row.audience) },
          { title: t('support.mail.subject'), key: 'title', render: (_, row) => row.title[DEFAULT_TEXT_LANGUAGE] ?? Object.values(row.title)[0] },
          { title: t('support.mail.category'), dataIndex: 'category', width: 90 },
          { title: t('support.mail.by'), dataIndex: 'sentBy' },
          { title: t('support.mail.at'), dataIndex: 'createdAt', render: (value: string) => dateTime(value) },
          { title: t('support.mail.expiresAt'), dataIndex: 'expiresAt', render: (value: string | null) => (value ? dateTime(value) : t('support.mail.never')) },
        ]}
      />
      {more && (
        <Button style={{ marginTop: 8 }} onClick={() => setCursors([...cursors, rows.at(-1)?.id])}>
          {t('support.mail.loadMore')}
        </Button>
      )}
    </PageState>
  );
}

function Audit() {
  const t = useTranslate();
  const [limit, setLimit] = useState(50);
  const query = useQuery({ queryKey: ['ops', 'mail', 'audit', limit], queryFn: () => opsCall<Audit>('/ops/v1/mail/audit', { limit }) });
  const rows = query.data?.changes ?? [];
  const brief = (value: unknown) => {
    if (value === null || value === undefined) return '—';
    const text = JSON.stringify(value);
    return text.length > 160 ? `${text.slice(0, 160)}…` : text;
  };
  return (
    <PageState
      loading={query.isLoading}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={rows.length === 0}
      emptyText={t('support.mail.auditEmpty')}
    >
      <Table<AuditRow>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        data-testid="mail-audit"
        columns={[
          { title: t('support.mail.at'), dataIndex: 'at', render: (value: string) => dateTime(value), width: 170 },
          { title: t('support.mail.action'), dataIndex: 'action' },
          { title: t('support.mail.subjectId'), dataIndex: 'subjectId', width: 80 },
          { title: t('support.mail.by'), dataIndex: 'by' },
          {
            title: t('support.mail.details'),
            key: 'details',
            render: (_, row) => <Typography.Text style={{ fontSize: 12, overflowWrap: 'anywhere' }}>{brief(row.newValue ?? row.oldValue)}</Typography.Text>,
          },
        ]}
      />
      {rows.length === limit && limit < 500 && (
        <Button style={{ marginTop: 8 }} onClick={() => setLimit(Math.min(500, limit + 50))}>
          {t('support.mail.loadMore')}
        </Button>
      )}
    </PageState>
  );
}
