import { EditOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';

/** Where this browser keeps the member's ready answers: nothing of it goes to the server. */
const STORAGE_KEY = 'lobby.console.cannedReplies';
const DEFAULT_KEYS = ['greeting', 'checking', 'deposit', 'withdrawal', 'closing'] as const;

function load(): string[] | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return Array.isArray(saved) && saved.every((item) => typeof item === 'string') ? saved : null;
  } catch {
    return null;
  }
}

/** Ready answers to insert into the answer box, kept in this browser's storage and edited by the member. */
export function CannedReplies({ onPick }: { onPick: (text: string) => void }) {
  const t = useTranslate();
  const defaults = () => DEFAULT_KEYS.map((key) => t(`support.chats.canned.defaults.${key}`));
  const [saved, setSaved] = useState<string[] | null>(load);
  const replies = saved ?? defaults();
  const [editing, setEditing] = useState<string[] | null>(null);

  const save = () => {
    const next = (editing ?? []).map((item) => item.trim()).filter(Boolean);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setSaved(next);
    setEditing(null);
  };

  return (
    <Space wrap>
      <Select
        value={null}
        placeholder={t('support.chats.canned.insert')}
        style={{ width: 260, maxWidth: '100%' }}
        onChange={(index: number | null) => {
          const reply = index === null ? undefined : replies[index];
          if (reply) onPick(reply);
        }}
        options={replies.map((text, index) => ({ value: index, label: text }))}
        popupMatchSelectWidth={360}
        data-testid="canned-replies"
      />
      <Button
        icon={<EditOutlined />}
        onClick={() => setEditing([...replies])}
        title={t('support.chats.canned.edit')}
        aria-label={t('support.chats.canned.edit')}
        data-testid="canned-edit"
      />
      <Modal
        open={editing !== null}
        title={t('support.chats.canned.title')}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('support.chats.canned.save')}
        cancelText={t('support.bulletins.cancel')}
        width={600}
      >
        <Alert type="info" showIcon message={t('support.chats.canned.note')} style={{ marginBottom: 12 }} data-testid="canned-note" />
        {(editing ?? []).map((text, index) => (
          <div key={index} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
            <Input.TextArea
              value={text}
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={2000}
              placeholder={t('support.chats.canned.placeholder')}
              onChange={(event) => setEditing((list) => (list ?? []).map((item, at) => (at === index ? event.target.value : item)))}
            />
            <Button danger onClick={() => setEditing((list) => (list ?? []).filter((_, at) => at !== index))}>
              {t('support.chats.canned.remove')}
            </Button>
          </div>
        ))}
        <Space>
          <Button onClick={() => setEditing((list) => [...(list ?? []), ''])}>{t('support.chats.canned.add')}</Button>
          <Button onClick={() => setEditing(defaults())}>{t('support.chats.canned.reset')}</Button>
        </Space>
      </Modal>
    </Space>
  );
}
