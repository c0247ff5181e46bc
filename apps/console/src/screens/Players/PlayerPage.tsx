import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, OpsError, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState } from '../../components/PageState.tsx';
import { consoleSocket } from '../../live/live.tsx';
import { mayCall } from '../../state/me.ts';
import { PlayerTabs } from './PlayerTabs.tsx';
import { ActionDialog, StatusTag } from './shared.tsx';

type Player = Response<'players', 'get'>;
type Balance = Player['balances'][number];
type Adjustment = Response<'approvals', 'requestAdjustment'>;
type Dialog = 'freeze' | 'unfreeze' | 'endSessions' | 'adjust' | 'gold' | 'codes' | 'userType' | null;

const AMOUNT = /^(?!0+(\.0+)?$)\d{1,18}(\.\d{1,6})?$/;

/** One player: who they are, what they hold, what staff may do to them, and their history in tabs. */
export default function PlayerPage() {
  const t = useTranslate();
  const rawId = useParams().id ?? '';
  const playerId = /^\d{1,10}$/.test(rawId) ? Number(rawId) : Number.NaN;
  const { data: permissions } = usePermissions<string[]>({});
  const may = (name: string) => mayCall(permissions, name);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [adjustment, setAdjustment] = useState<Adjustment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const valid = Number.isInteger(playerId) && playerId > 0 && playerId <= 2_147_483_647;
  const player = useQuery({
    queryKey: ['player', playerId, 'get'],
    queryFn: () => call('players', 'get', { playerId }),
    enabled: valid,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['player', playerId] });
  // Money moving for this player (a deposit seen or credited, a withdrawal's state, a held win) makes the page stale.
  useEffect(
    () =>
      consoleSocket.subscribe((frame) => {
        if (Number(frame.data?.playerId) === playerId) void queryClient.invalidateQueries({ queryKey: ['player', playerId] });
      }),
    [playerId, queryClient],
  );
  const missing = player.error instanceof OpsError && player.error.code === 10004;

  return (
    <div data-testid="player-page">
      <Link to="/players">← {t('players.back')}</Link>
      <PageState
        loading={valid && player.isLoading}
        error={missing ? null : player.error}
        empty={!valid || missing}
        emptyText={t('players.notFound', { id: rawId })}
        onRetry={() => void player.refetch()}
      >
        {player.data && (
          <>
            <Header player={player.data} linked={may('risk.linkedAccounts')} />
            <Space wrap style={{ margin: '12px 0' }} data-testid="player-actions">
              {player.data.status === 0
                ? may('playerStanding.freeze') && (
                    <Button danger onClick={() => setDialog('freeze')} data-testid="freeze">
                      {t('players.actions.freeze')}
                    </Button>
                  )
                : may('playerStanding.unfreeze') && (
                    <Button onClick={() => setDialog('unfreeze')} data-testid="unfreeze">
                      {t('players.actions.unfreeze')}
                    </Button>
                  )}
              {may('playerStanding.endSessions') && (
                <Button onClick={() => setDialog('endSessions')} data-testid="end-sessions">
                  {t('players.actions.endSessions')}
                </Button>
              )}
              {may('approvals.requestAdjustment') && (
                <Button onClick={() => setDialog('adjust')} data-testid="adjust">
                  {t('players.actions.adjust')}
                </Button>
              )}
              {may('playerMarks.grantExperienceGold') && (
                <Button onClick={() => setDialog('gold')} data-testid="grant-gold">
                  {t('players.actions.grantGold')}
                </Button>
              )}
              {may('playerMarks.setUserType') && (
                <Button onClick={() => setDialog('userType')} data-testid="set-user-type">
                  {t('players.actions.setUserType')}
                </Button>
              )}
              {may('playerMarks.issueInviteCodes') && (
                <Button onClick={() => setDialog('codes')} data-testid="invite-codes">
                  {t('players.actions.inviteCodes')}
                </Button>
              )}
            </Space>
            {adjustment && (
              <Alert
                type={adjustment.status === 'pending' ? 'info' : adjustment.status === 'approved' ? 'success' : 'warning'}
                showIcon
                closable
                onClose={() => setAdjustment(null)}
                style={{ marginBottom: 12 }}
                data-testid="adjustment-request"
                message={t('players.actions.adjustPending', {
                  id: adjustment.id,
                  direction: t(`players.actions.${(adjustment.payload as { direction?: string })?.direction ?? 'credit'}`),
                  amount: money((adjustment.payload as { amount?: string })?.amount),
                  currency: (adjustment.payload as { currency?: string })?.currency ?? '',
                  status: t(`players.approvalStatus.${adjustment.status}`),
                })}
              />
            )}
            {notice && <Alert type="success" showIcon closable onClose={() => setNotice(null)} style={{ marginBottom: 12 }} message={notice} />}
            {codes && (
              <Alert
                type="success"
                closable
                onClose={() => setCodes(null)}
                style={{ marginBottom: 12 }}
                message={t('players.actions.codesIssued')}
                description={<Typography.Text copyable>{codes.join('\n')}</Typography.Text>}
                data-testid="issued-codes"
              />
            )}
            <Balances balances={player.data.balances} />
            <PlayerTabs playerId={playerId} player={player.data} onChanged={refresh} />

            <ActionDialog<{ reason: string }>
              testId="freeze-dialog"
              open={dialog === 'freeze'}
              title={t('players.actions.freezeTitle')}
              hint={t('players.actions.freezeHint')}
              onClose={() => setDialog(null)}
              submit={async ({ reason }) => {
                await call('playerStanding', 'freeze', { playerId, reason });
                await refresh();
              }}
            />
            <ActionDialog<{ reason: string }>
              testId="unfreeze-dialog"
              open={dialog === 'unfreeze'}
              title={t('players.actions.unfreezeTitle')}
              onClose={() => setDialog(null)}
              submit={async ({ reason }) => {
                await call('playerStanding', 'unfreeze', { playerId, reason });
                await refresh();
              }}
            />
            <ActionDialog<{ reason: string }>
              testId="end-sessions-dialog"
              open={dialog === 'endSessions'}
              title={t('players.actions.endSessionsTitle')}
              onClose={() => setDialog(null)}
              submit={async ({ reason }) => {
                await call('playerStanding', 'endSessions', { playerId, reason });
                await refresh();
              }}
            />
            <ActionDialog<{ currency: 'USDT' | 'TRX'; direction: 'credit' | 'debit'; amount: string; reason: string }>
              testId="adjust-dialog"
              open={dialog === 'adjust'}
              title={t('players.actions.adjustTitle')}
              hint={t('players.actions.adjustHint')}
              initialValues={{ currency: 'USDT', direction: 'credit' }}
              onClose={() => setDialog(null)}
              submit={async (values) => setAdjustment(await call('approvals', 'requestAdjustment', { playerId, ...values, amount: values.amount.trim() }))}
            >
              <Form.Item name="currency" label={t('common.currency')} rules={[{ required: true }]}>
                <Select options={['USDT', 'TRX'].map((value) => ({ value, label: value }))} data-testid="adjust-currency" />
              </Form.Item>
              <Form.Item name="direction" label={t('players.actions.direction')} rules={[{ required: true }]}>
                <Radio.Group
                  options={[
                    { value: 'credit', label: t('players.actions.credit') },
                    { value: 'debit', label: t('players.actions.debit') },
                  ]}
                />
              </Form.Item>
              <AmountField />
            </ActionDialog>
            <ActionDialog<{ amount: string; note?: string }>
              testId="gold-dialog"
              open={dialog === 'gold'}
              title={t('players.actions.grantGoldTitle')}
              hint={t('players.actions.grantGoldHint')}
              reason={false}
              onClose={() => setDialog(null)}
              submit={async ({ amount, note }) => {
                const requestId = `console-${playerId}-${Date.now()}`;
                await call('playerMarks', 'grantExperienceGold', {
                  requestId,
                  playerId,
                  amount: amount.trim(),
                  ...(note?.trim() ? { note: note.trim() } : {}),
                });
                setNotice(t('players.actions.granted', { amount: money(amount.trim()) }));
                await refresh();
              }}
            >
              <AmountField />
              <Form.Item name="note" label={t('players.actions.note')} rules={[{ max: 200 }]}>
                <Input maxLength={200} />
              </Form.Item>
            </ActionDialog>
            <ActionDialog<{ userType: 0 | 1; reason: string }>
              testId="user-type-dialog"
              open={dialog === 'userType'}
              title={t('players.actions.setUserTypeTitle')}
              hint={t('players.actions.setUserTypeHint')}
              initialValues={{ userType: player.data.userType === 1 ? 1 : 0 }}
              onClose={() => setDialog(null)}
              submit={async ({ userType, reason }) => {
                await call('playerMarks', 'setUserType', { playerId, userType, reason });
                await refresh();
              }}
            >
              <Form.Item name="userType" label={t('players.userType.label')} rules={[{ required: true }]}>
                <Radio.Group
                  options={[
                    { value: 0, label: t('players.userType.normal') },
                    { value: 1, label: t('players.userType.business') },
                  ]}
                />
              </Form.Item>
            </ActionDialog>
            <ActionDialog<{ count: number; maxUses: number; note?: string }>
              testId="codes-dialog"
              open={dialog === 'codes'}
              title={t('players.actions.inviteCodesTitle')}
              reason={false}
              initialValues={{ count: 1, maxUses: 1 }}
              onClose={() => setDialog(null)}
              submit={async ({ count, maxUses, note }) => {
                const issued = await call('playerMarks', 'issueInviteCodes', { count, maxUses, ...(note?.trim() ? { note: note.trim() } : {}) });
                setCodes(issued.codes);
              }}
            >
              <Form.Item name="count" label={t('players.actions.count')} rules={[{ required: true }]}>
                <InputNumber min={1} max={100} precision={0} />
              </Form.Item>
              <Form.Item name="maxUses" label={t('players.actions.maxUses')} rules={[{ required: true }]}>
                <InputNumber min={1} max={100000} precision={0} />
              </Form.Item>
              <Form.Item name="note" label={t('players.actions.note')} rules={[{ max: 200 }]}>
                <Input maxLength={200} />
              </Form.Item>
            </ActionDialog>
          </>
        )}
      </PageState>
    </div>
  );
}

function AmountField() {
  const t = useTranslate();
  return (
    <Form.Item
      name="amount"
      label={t('common.amount')}
      extra={t('players.actions.amountHint')}
      rules={[{ required: true, pattern: AMOUNT, message: t('players.actions.amountInvalid'), transform: (value: string) => value?.trim() }]}
    >
      <Input inputMode="decimal" autoComplete="off" data-testid="amount" />
    </Form.Item>
  );
}

function Header({ player, linked }: { player: Player; linked: boolean }) {
  const t = useTranslate();
  const marks = [
    player.experienceType === 1 && (
      <Tag key="exp" color="purple">
        {t('players.mark.experience')}
      </Tag>
    ),
    player.experienceType === 2 && <Tag key="was">{t('players.mark.wasExperience')}</Tag>,
    player.specialInviteType > 0 && (
      <Tag key="inv" color="gold">
        {t('players.mark.specialInvite')}
      </Tag>
    ),
    player.openChat && (
      <Tag key="chat" color="orange">
        {t('players.mark.openChat')}
      </Tag>
    ),
  ].filter(Boolean);
  return (
    <Card size="small" style={{ marginTop: 12 }} data-testid="player-header">
      <Space wrap align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {player.account ?? player.nickname} <Typography.Text type="secondary">#{player.playerId}</Typography.Text>
        </Typography.Title>
        <span data-testid="player-status">
          <StatusTag status={player.status} />
        </span>
        <Tag color="blue">
          {t('players.vip')} {player.vipLevel}
        </Tag>
        <Tag>{player.userType === 1 ? t('players.userType.business') : t('players.userType.normal')}</Tag>
        {marks}
        {linked && (
          <Link to={`/risk/linked?player=${player.playerId}`} data-testid="linked-accounts">
            {t('players.linkedAccounts')}
          </Link>
        )}
      </Space>
      {!player.personalDataShown && <Alert type="info" showIcon message={t('players.piiMasked')} style={{ marginBottom: 8 }} />}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('players.nickname')}>{player.nickname}</Descriptions.Item>
        <Descriptions.Item label={t('players.email')}>{player.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('players.userType.label')}>
          {player.userType === 1 ? t('players.userType.business') : t('players.userType.normal')}
        </Descriptions.Item>
        <Descriptions.Item label={t('players.registeredAt')}>{dateTime(player.registeredAt)}</Descriptions.Item>
        <Descriptions.Item label={t('players.registerIp')}>{player.registerIp}</Descriptions.Item>
        <Descriptions.Item label={t('players.lastSignIn')}>{dateTime(player.lastSignInAt)}</Descriptions.Item>
        <Descriptions.Item label={t('players.lastLoginIp')}>{player.lastLoginIp ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('players.firstDeposit')}>{dateTime(player.firstDepositAt)}</Descriptions.Item>
        <Descriptions.Item label={t('players.xp')}>{money(player.xp)}</Descriptions.Item>
        <Descriptions.Item label={t('players.inviter')}>
          {player.inviterId ? <Link to={`/players/${player.inviterId}`}>{player.inviterId}</Link> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('players.language')}>{player.language ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('players.depositAddress')}>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{player.depositAddress ?? '—'}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('players.betAddresses')} span={3}>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{player.betAddresses.length ? player.betAddresses.join(', ') : '—'}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Balances({ balances }: { balances: Balance[] }) {
  const t = useTranslate();
  return (
    <Card size="small" title={t('players.balances')} style={{ marginBottom: 12 }}>
      <Table<Balance>
        rowKey="currency"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={balances}
        locale={{ emptyText: t('players.noBalances') }}
        data-testid="player-balances"
        columns={[
          { title: t('common.currency'), dataIndex: 'currency' },
          { title: t('players.cash'), dataIndex: 'cash', align: 'right', render: (value: string) => money(value) },
          { title: t('players.bonusMoney'), dataIndex: 'bonus', align: 'right', render: (value: string) => money(value) },
          {
            title: t('players.wagering'),
            key: 'wagering',
            align: 'right',
            render: (_, row) => `${money(row.wageringOutstanding)} / ${money(row.wageringRequired)}`,
          },
          { title: t('players.bonusAtStake'), dataIndex: 'bonusAtStake', align: 'right', render: (value: string) => money(value) },
          { title: t('players.experienceGold'), dataIndex: 'experienceGold', render: (value: boolean) => (value ? t('common.yes') : t('common.no')) },
        ]}
      />
    </Card>
  );
}
