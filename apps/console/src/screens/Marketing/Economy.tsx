import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, InputNumber, Space, Table, Tabs, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { dateTime, money } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';
import { History } from './History.tsx';
import { percentToPpm, ppmToPercent, RATE_GAME_TYPES, toMicro, type Difference } from './values.ts';

type Settings = Response<'economy', 'settings'>;
type Setting = Settings['settings'][number];
type SettingKey = Setting['key'];
type VipLevel = { threshold: string; upLevelGift: string; monthGift: string };
type RateRow = Record<string, number>;

const SETTINGS_KEY = ['ops', 'economy', 'settings'];
const MAX_PPM: Record<'rebate.rates' | 'referral.rates', number> = { 'rebate.rates': 100_000, 'referral.rates': 50_000 };

/** Saves one setting whole (the server validates it again and may ask for a fresh code), then shows what is in force. */
function useSaveSetting() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const t = useTranslate();
  const errorText = useErrorText();
  const [saving, setSaving] = useState(false);
  const save = async (key: SettingKey, value: unknown) => {
    setSaving(true);
    try {
      const reply = await opsCall<Response<'economy', 'set'>>('/ops/v1/economy/set', { key, value });
      client.setQueryData(SETTINGS_KEY, reply);
      void client.invalidateQueries({ queryKey: ['ops', 'economy', 'audit', key] });
      message.success(t('marketing.economy.saved'));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

/**
 * The economy settings (ECONOMY.md): the VIP ladder and its gifts, rebate rates per VIP level and
 * game type, referral rates per tree level, wagering multipliers and the TRX rate for XP; each
 * validated before it is sent, with its change history. The chat and media quotas sit beside them.
 */
export default function Economy() {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const query = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => opsCall<Settings>('/ops/v1/economy/settings') });
  const settings = query.data?.settings ?? [];
  const mayEdit = mayCall(permissions, 'economy.set');
  const setting = (key: SettingKey) => settings.find((entry) => entry.key === key);

  const tab = (key: SettingKey, label: string, editor: (setting: Setting) => ReactNode) => {
    const found = setting(key);
    return {
      key,
      label,
      children: found && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary" data-testid={`setting-state-${key}`}>
            {found.isDefault
              ? t('marketing.economy.isDefault')
              : t('marketing.economy.changedBy', { name: found.updatedBy ?? '—', time: dateTime(found.updatedAt) })}
          </Typography.Text>
          {!mayEdit && <Alert type="info" showIcon message={t('marketing.economy.readOnly')} />}
          {editor(found)}
          <Card size="small" title={t('marketing.history.title')}>
            <History
              path="/ops/v1/economy/audit"
              body={{ key, limit: 50 }}
              queryKey={['economy', 'audit', key]}
              describe={(difference) => describeDifference(key, difference, t)}
              format={key === 'rebate.rates' || key === 'referral.rates' ? percentOf : undefined}
              testId={`history-${key}`}
            />
          </Card>
        </Space>
      ),
    };
  };

  return (
    <div data-testid="economy">
      <Typography.Title level={3}>{t('marketing.economy.title')}</Typography.Title>
      <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} empty={!query.isLoading && settings.length === 0}>
        <Tabs
          destroyOnHidden
          items={[
            tab('rebate.rates', t('marketing.economy.rebateRates'), (found) => (
              <RatesEditor key={found.updatedAt ?? 'default'} setting={found} mayEdit={mayEdit} />
            )),
            tab('vip.levels', t('marketing.economy.vipLevels'), (found) => (
              <VipLevelsEditor key={found.updatedAt ?? 'default'} setting={found} mayEdit={mayEdit} />
            )),
            tab('referral.rates', t('marketing.economy.referralRates'), (found) => (
              <RatesEditor key={found.updatedAt ?? 'default'} setting={found} mayEdit={mayEdit} />
            )),
            tab('wagering.multipliers', t('marketing.economy.multipliers'), (found) => (
              <MultipliersEditor key={found.updatedAt ?? 'default'} setting={found} mayEdit={mayEdit} />
            )),
            tab('vip.trxPerUsdt', t('marketing.economy.trxPerUsdt'), (found) => (
              <TrxRateEditor key={found.updatedAt ?? 'default'} setting={found} mayEdit={mayEdit} />
            )),
            ...(mayCall(permissions, 'quotas.get')
              ? [{ key: 'quotas', label: t('marketing.quotas.title'), children: <QuotasEditor mayEdit={mayCall(permissions, 'quotas.set')} /> }]
              : []),
          ]}
        />
      </PageState>
    </div>
  );
}

const percentOf = (value: unknown) => (typeof value === 'number' ? `${ppmToPercent(value)}%` : value === undefined ? '—' : JSON.stringify(value));

function describeDifference(key: SettingKey, { path }: Difference, t: ReturnType<typeof useTranslate>): string {
  const [row, field] = path;
  const gameType = (code: string | undefined) => t(`dashboard.gameTypes.${code}`, code ?? '');
  if (key === 'rebate.rates') return `${t('marketing.economy.vipLevel', { level: row })} · ${gameType(field)}`;
  if (key === 'referral.rates') return `${t('marketing.economy.treeLevel', { level: Number(row) + 1 })} · ${gameType(field)}`;
  if (key === 'vip.levels') return `${t('marketing.economy.vipLevel', { level: row })} · ${t(`marketing.economy.${field}`, field ?? '')}`;
  if (key === 'wagering.multipliers') return t(`marketing.economy.sources.${row}`, row ?? '');
  return t('marketing.economy.trxPerUsdt');
}

function SaveBar({
  errors,
  dirty,
  saving,
  onSave,
  onReset,
  name,
  extra,
}: {
  errors: number;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onReset: () => void;
  name: string;
  extra?: ReactNode;
}) {
  const t = useTranslate();
  return (
    <Space wrap>
      <Button type="primary" disabled={!dirty || errors > 0} loading={saving} onClick={onSave} data-testid={`save-${name}`}>
        {t('common.save')}
      </Button>
      <Button disabled={!dirty || saving} onClick={onReset}>
        {t('common.reset')}
      </Button>
      {extra}
      {errors > 0 && <Typography.Text type="danger">{t('marketing.economy.fixErrors', { count: errors })}</Typography.Text>}
    </Space>
  );
}

/** Rebate rates (rows: VIP levels) or referral rates (rows: tree levels 1-3), columns the game types by name, in percent. */
function RatesEditor({ setting, mayEdit }: { setting: Setting; mayEdit: boolean }) {
  const t = useTranslate();
  const key = setting.key as 'rebate.rates' | 'referral.rates';
  const initial = (setting.value as RateRow[]).map((row) =>
    Object.fromEntries(RATE_GAME_TYPES.map((type) => [String(type), ppmToPercent(row[String(type)] ?? 0)])),
  );
  const [draft, setDraft] = useState<Record<string, string>[]>(initial);
  const { save, saving } = useSaveSetting();
  const isRebate = key === 'rebate.rates';
  const max = MAX_PPM[key];
  const invalid = (text: string) => {
    const ppm = percentToPpm(text);
    return ppm === undefined || ppm > max;
  };
  const errors = draft.reduce((count, row) => count + Object.values(row).filter(invalid).length, 0);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const change = (level: number, type: string, text: string) =>
    setDraft((rows) => rows.map((row, index) => (index === level ? { ...row, [type]: text } : row)));
  const onSave = () =>
    save(
      key,
      draft.map((row) => Object.fromEntries(Object.entries(row).map(([type, text]) => [type, percentToPpm(text)!]))),
    );

  return (
    <EditorFrame hint={t(isRebate ? 'marketing.economy.rebateHint' : 'marketing.economy.referralHint', { max: ppmToPercent(max) })}>
      <Table
        size="small"
        bordered
        pagination={false}
        scroll={{ x: true }}
        rowKey="level"
        data-testid={`table-${key}`}
        dataSource={draft.map((row, level) => ({ level, row }))}
        columns={[
          {
            title: isRebate ? t('marketing.economy.level') : t('marketing.economy.treeLevelColumn'),
            dataIndex: 'level',
            fixed: 'left' as const,
            onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (level: number) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {isRebate ? t('marketing.economy.vipLevel', { level }) : t('marketing.economy.treeLevel', { level: level + 1 })}
              </span>
            ),
          },
          ...RATE_GAME_TYPES.map((type) => ({
            title: <span data-testid={`column-${type}`}>{t(`dashboard.gameTypes.${type}`)}</span>,
            key: String(type),
            render: (_: unknown, { level, row }: { level: number; row: Record<string, string> }) => (
              <Input
                size="small"
                suffix="%"
                value={row[String(type)]}
                disabled={!mayEdit}
                status={invalid(row[String(type)] ?? '') ? 'error' : undefined}
                onChange={(event) => change(level, String(type), event.target.value)}
                aria-label={`${level} ${t(`dashboard.gameTypes.${type}`)}`}
                data-testid={`rate-${key}-${level}-${type}`}
                style={{ width: 72 }}
              />
            ),
          })),
        ]}
      />
      {mayEdit && (
        <SaveBar
          name={key}
          errors={errors}
          dirty={dirty}
          saving={saving}
          onSave={onSave}
          onReset={() => setDraft(initial)}
          extra={
            isRebate && (
              <LevelButtons
                count={draft.length}
                onAdd={() => setDraft((rows) => [...rows, { ...rows[rows.length - 1]! }])}
                onRemove={() => setDraft((rows) => rows.slice(0, -1))}
              />
            )
          }
        />
      )}
    </EditorFrame>
  );
}

/** A setting's editor: the hint on what it sets, then the editor itself. */
function EditorFrame({ hint, children }: { hint: ReactNode; children: ReactNode }) {
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      {children}
    </Space>
  );
}

/** Adds a level at the end (up to 101 levels) or takes the last one away (down to one). */
function LevelButtons({ count, onAdd, onRemove }: { count: number; onAdd: () => void; onRemove: () => void }) {
  const t = useTranslate();
  return (
    <>
      <Button onClick={onAdd} disabled={count >= 101}>
        {t('marketing.economy.addLevel')}
      </Button>
      <Button onClick={onRemove} disabled={count <= 1}>
        {t('marketing.economy.removeLevel')}
      </Button>
    </>
  );
}

/** The VIP ladder: per level the XP threshold, the up-level gift and the monthly gift, in USDT. */
function VipLevelsEditor({ setting, mayEdit }: { setting: Setting; mayEdit: boolean }) {
  const t = useTranslate();
  const initial = setting.value as VipLevel[];
  const [draft, setDraft] = useState<VipLevel[]>(initial);
  const { save, saving } = useSaveSetting();
  const fieldError = (levels: VipLevel[], level: number, field: keyof VipLevel): string | null => {
    const micro = toMicro(levels[level]![field]);
    if (micro === undefined) return t('marketing.economy.badAmount');
    if (field !== 'threshold') return null;
    if (level === 0 && micro !== 0n) return t('marketing.economy.levelZero');
    const below = level > 0 ? toMicro(levels[level - 1]!.threshold) : undefined;
    if (level > 0 && below !== undefined && micro <= below) return t('marketing.economy.mustRise');
    return null;
  };
  const fields = ['threshold', 'upLevelGift', 'monthGift'] as const;
  const errors = draft.reduce((count, _, level) => count + fields.filter((field) => fieldError(draft, level, field)).length, 0);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const change = (level: number, field: keyof VipLevel, text: string) =>
    setDraft((rows) => rows.map((row, index) => (index === level ? { ...row, [field]: text } : row)));

  return (
    <EditorFrame hint={t('marketing.economy.vipHint')}>
      <Table
        size="small"
        bordered
        pagination={false}
        scroll={{ x: true }}
        rowKey="level"
        data-testid="table-vip.levels"
        dataSource={draft.map((row, level) => ({ level, row }))}
        columns={[
          { title: t('marketing.economy.level'), dataIndex: 'level', width: 90, render: (level: number) => t('marketing.economy.vipLevel', { level }) },
          ...fields.map((field) => ({
            title: `${t(`marketing.economy.${field}`)} (USDT)`,
            key: field,
            render: (_: unknown, { level, row }: { level: number; row: VipLevel }) => {
              const error = fieldError(draft, level, field);
              return (
                <div>
                  <Input
                    size="small"
                    value={row[field]}
                    disabled={!mayEdit}
                    status={error ? 'error' : undefined}
                    onChange={(event) => change(level, field, event.target.value)}
                    data-testid={`vip-${level}-${field}`}
                    style={{ width: 140 }}
                  />
                  {error ? (
                    <div>
                      <Typography.Text type="danger">{error}</Typography.Text>
                    </div>
                  ) : (
                    <div>
                      <Typography.Text type="secondary">{money(row[field])}</Typography.Text>
                    </div>
                  )}
                </div>
              );
            },
          })),
        ]}
      />
      {mayEdit && (
        <SaveBar
          name="vip.levels"
          errors={errors}
          dirty={dirty}
          saving={saving}
          onSave={() =>
            save(
              'vip.levels',
              draft.map((row) => ({ threshold: row.threshold.trim(), upLevelGift: row.upLevelGift.trim(), monthGift: row.monthGift.trim() })),
            )
          }
          onReset={() => setDraft(initial)}
          extra={
            <LevelButtons
              count={draft.length}
              onAdd={() => setDraft((rows) => [...rows, { threshold: '', upLevelGift: '0', monthGift: '0' }])}
              onRemove={() => setDraft((rows) => rows.slice(0, -1))}
            />
          }
        />
      )}
    </EditorFrame>
  );
}

/** How many times a bonus must be wagered before it becomes cash, per source (0: cash at once). */
function MultipliersEditor({ setting, mayEdit }: { setting: Setting; mayEdit: boolean }) {
  const t = useTranslate();
  const initial = setting.value as Record<string, number>;
  const [draft, setDraft] = useState<Record<string, number | null>>(initial);
  const { save, saving } = useSaveSetting();
  const errors = Object.values(draft).filter((value) => value === null || !Number.isInteger(value) || value < 0 || value > 100).length;
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  return (
    <EditorFrame hint={t('marketing.economy.multipliersHint')}>
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey="source"
        data-testid="table-wagering.multipliers"
        dataSource={Object.entries(draft).map(([source, value]) => ({ source, value }))}
        columns={[
          { title: t('marketing.economy.source'), dataIndex: 'source', render: (source: string) => t(`marketing.economy.sources.${source}`, source) },
          {
            title: t('marketing.economy.multiplier'),
            key: 'value',
            width: 160,
            render: (_: unknown, { source, value }: { source: string; value: number | null }) => (
              <InputNumber
                size="small"
                min={0}
                max={100}
                precision={0}
                value={value}
                disabled={!mayEdit}
                addonAfter="×"
                onChange={(next) => setDraft((current) => ({ ...current, [source]: next }))}
                data-testid={`multiplier-${source}`}
              />
            ),
          },
        ]}
      />
      {mayEdit && (
        <SaveBar
          name="wagering.multipliers"
          errors={errors}
          dirty={dirty}
          saving={saving}
          onSave={() => save('wagering.multipliers', draft)}
          onReset={() => setDraft(initial)}
        />
      )}
    </EditorFrame>
  );
}

/** TRX per USDT for XP while the exchange is closed; empty: the exchange's rate only. */
function TrxRateEditor({ setting, mayEdit }: { setting: Setting; mayEdit: boolean }) {
  const t = useTranslate();
  const initial = (setting.value as string | null) ?? '';
  const [draft, setDraft] = useState(initial);
  const { save, saving } = useSaveSetting();
  const value = draft.trim();
  const bad = value !== '' && (!/^\d{1,9}(\.\d{1,12})?$/.test(value) || !/[1-9]/.test(value));
  return (
    <Space direction="vertical" size={12}>
      <Typography.Text type="secondary">{t('marketing.economy.trxHint')}</Typography.Text>
      <Input
        value={draft}
        disabled={!mayEdit}
        status={bad ? 'error' : undefined}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={t('marketing.economy.trxEmpty')}
        addonAfter="TRX / USDT"
        style={{ maxWidth: 320 }}
        data-testid="trx-per-usdt"
      />
      {mayEdit && (
        <SaveBar
          name="vip.trxPerUsdt"
          errors={bad ? 1 : 0}
          dirty={draft !== initial}
          saving={saving}
          onSave={() => save('vip.trxPerUsdt', value === '' ? null : value)}
          onReset={() => setDraft(initial)}
        />
      )}
    </Space>
  );
}

const QUOTA_FIELDS = [
  'messagesPerMinute',
  'imagesPerHour',
  'imageBytesPerHour',
  'imagesPerDay',
  'imageBytesPerDay',
  'mediaBytesPerPlayer',
] as const satisfies readonly (keyof Quotas)[];
type Quotas = Response<'quotas', 'get'>['limits'];

/** The support chat's and media store's limits: changed ones are sent, the others keep their value. */
function QuotasEditor({ mayEdit }: { mayEdit: boolean }) {
  const t = useTranslate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const query = useQuery({ queryKey: ['ops', 'quotas'], queryFn: () => opsCall<Response<'quotas', 'get'>>('/ops/v1/quotas/get') });
  const [draft, setDraft] = useState<Partial<Record<keyof Quotas, number | null>>>({});
  const [saving, setSaving] = useState(false);
  const limits = query.data?.limits;
  const changed = Object.fromEntries(
    Object.entries(draft).filter(([field, value]) => value !== undefined && limits && value !== limits[field as keyof Quotas]),
  );
  const bad = Object.values(changed).some((value) => value === null);
  const onSave = async () => {
    setSaving(true);
    try {
      const reply = await opsCall<Response<'quotas', 'set'>>('/ops/v1/quotas/set', { limits: changed });
      client.setQueryData(['ops', 'quotas'], reply);
      void client.invalidateQueries({ queryKey: ['ops', 'quotas', 'audit'] });
      setDraft({});
      message.success(t('marketing.economy.saved'));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <PageState loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      {limits && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="field"
            dataSource={QUOTA_FIELDS.map((field) => ({ field }))}
            columns={[
              { title: t('marketing.quotas.limit'), dataIndex: 'field', render: (field: string) => t(`marketing.quotas.fields.${field}`) },
              {
                title: t('marketing.quotas.value'),
                key: 'value',
                width: 220,
                render: (_: unknown, { field }: { field: keyof Quotas }) => (
                  <InputNumber
                    size="small"
                    min={field === 'messagesPerMinute' ? 1 : 0}
                    precision={0}
                    disabled={!mayEdit}
                    value={draft[field] !== undefined ? draft[field] : limits[field]}
                    onChange={(next) => setDraft((current) => ({ ...current, [field]: next }))}
                    style={{ width: 180 }}
                    data-testid={`quota-${field}`}
                  />
                ),
              },
            ]}
          />
          {mayEdit && (
            <SaveBar
              name="quotas"
              errors={bad ? 1 : 0}
              dirty={Object.keys(changed).length > 0}
              saving={saving}
              onSave={() => void onSave()}
              onReset={() => setDraft({})}
            />
          )}
          <Card size="small" title={t('marketing.history.title')}>
            <History
              path="/ops/v1/quotas/audit"
              body={{ limit: 50 }}
              queryKey={['quotas', 'audit']}
              describe={({ path }) => t(`marketing.quotas.fields.${path[0]}`, path[0] ?? '')}
            />
          </Card>
        </Space>
      )}
    </PageState>
  );
}
