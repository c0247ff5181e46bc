import { usePermissions, useTranslate } from '@refinedev/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { mayCall } from '../../state/me.ts';

const NOTE_MAX = 2000;
const PAGE = 20;

/**
 * Staff notes on the player, newest first, each with its author and time, and a box to add one.
 * Notes are never edited: a correction is written as a new note.
 */
export function PlayerNotes({ playerId }: { playerId: number }) {
  const t = useTranslate();
  const errorText = useErrorText();
  const { data: permissions } = usePermissions<string[]>({});
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const notes = useInfiniteQuery({
    queryKey: ['player', playerId, 'notes'],
    queryFn: ({ pageParam }) => call('players', 'notes', { playerId, limit: PAGE, ...(pageParam ? { beforeId: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
  });
  const list = notes.data?.pages.flatMap((page) => page.list) ?? [];
  const text = draft.trim();

  const add = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await call('players', 'addNote', { playerId, body: text });
      setDraft('');
      await notes.refetch();
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="player-notes">
      {mayCall(permissions, 'players.addNote') && (
        <Space.Compact direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
          <Input.TextArea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={NOTE_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={t('players.notes.placeholder')}
            data-testid="note-text"
          />
          <Space style={{ marginTop: 8 }}>
            <Button type="primary" onClick={() => void add()} loading={saving} disabled={text.length === 0} data-testid="note-add">
              {t('players.notes.add')}
            </Button>
            <Typography.Text type="secondary">{t('players.notes.appendOnly')}</Typography.Text>
          </Space>
        </Space.Compact>
      )}
      {failure !== null && <Alert type="error" showIcon closable onClose={() => setFailure(null)} style={{ marginBottom: 12 }} message={errorText(failure)} />}
      <PageState
        loading={notes.isLoading}
        error={notes.error}
        empty={!notes.isLoading && list.length === 0}
        emptyText={t('players.notes.empty')}
        onRetry={() => void notes.refetch()}
      >
        <List
          size="small"
          dataSource={list}
          data-testid="note-list"
          renderItem={(note) => (
            <List.Item key={note.id} data-testid="note">
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    <Typography.Text strong data-testid="note-author">
                      {note.author.name}
                    </Typography.Text>
                    {note.author.kind === 'key' && <Tag>{t('players.notes.apiKey')}</Tag>}
                    <Typography.Text type="secondary">{dateTime(note.createdAt)}</Typography.Text>
                  </Space>
                }
                description={
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }} data-testid="note-body">
                    {note.body}
                  </Typography.Paragraph>
                }
              />
            </List.Item>
          )}
        />
        {notes.hasNextPage && (
          <Button onClick={() => void notes.fetchNextPage()} loading={notes.isFetchingNextPage} data-testid="notes-more">
            {t('players.notes.more')}
          </Button>
        )}
      </PageState>
    </div>
  );
}
