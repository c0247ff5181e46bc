import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Tag } from 'antd';
import { useState } from 'react';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { useErrorText } from '../../components/PageState.tsx';

/** Who holds a conversation, as chat.conversations and chat.conversation answer it; null: nobody. */
export type ChatHolder = Response<'chat', 'assign'>['assignedTo'];

/** The holder's name on a conversation: "Mine" when the signed-in member holds it; nothing when nobody does. */
export function HolderTag({ holder, mine }: { holder: ChatHolder | undefined; mine: boolean | undefined }) {
  const t = useTranslate();
  if (!holder) return null;
  return (
    <Tag color={mine ? 'green' : 'purple'} data-testid="chat-holder" style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {mine ? t('support.chats.assign.heldByMe') : t('support.chats.assign.heldBy', { name: holder.name })}
    </Tag>
  );
}

/** The inbox filter: only the conversations the signed-in member holds. */
export function MineFilter({ value, onChange }: { value: boolean; onChange: (mine: boolean) => void }) {
  const t = useTranslate();
  return (
    <Checkbox checked={value} onChange={(event) => onChange(event.target.checked)} data-testid="chat-mine">
      {t('support.chats.assign.mine')}
    </Checkbox>
  );
}

/** "Assign to me" (or "Take over" from another holder), or "Release" for the member who holds it. */
export function AssignButton({ conversationId, holder, mine }: { conversationId: number; holder: ChatHolder | undefined; mine: boolean | undefined }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (release: boolean) => {
    setBusy(true);
    try {
      await opsCall('/ops/v1/chat/assign', release ? { conversationId, release: true } : { conversationId });
      message.success(t(release ? 'support.chats.assign.released' : 'support.chats.assign.assigned'));
      await queryClient.invalidateQueries({ queryKey: ['ops', 'chat'] });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  if (mine)
    return (
      <Button size="small" loading={busy} onClick={() => void change(true)} data-testid="chat-release">
        {t('support.chats.assign.release')}
      </Button>
    );
  return (
    <Button size="small" type="primary" ghost loading={busy} onClick={() => void change(false)} data-testid="chat-assign">
      {holder ? t('support.chats.assign.takeOver') : t('support.chats.assign.toMe')}
    </Button>
  );
}
