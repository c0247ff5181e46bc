import { HEARTBEAT_INTERVAL_MS } from '@lobby/contract';
import { useEffect } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSession } from '../session';

/**
 * Keep-alive every 30 s while signed in, starting at once (app start or sign-in). A reply carrying a
 * notice opens the bulletin board; a reply without one closes it.
 */
export function useHeartbeat(intervalMs = HEARTBEAT_INTERVAL_MS): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    const beat = async () => {
      try {
        const reply = await api.call(calls.player.heartbeat, {}, { silent: true });
        if (stopped) return;
        if (reply.notice) {
          useSession.setState({
            bulletin: { id: reply.notice.id, title: reply.notice.title, content: reply.notice.content },
            justLoggedIn: true,
          });
        } else {
          useSession.setState({ bulletin: null });
        }
      } catch {
        // A missed beat is retried on the next tick; session endings are handled by the client.
      }
    };
    void beat();
    const timer = setInterval(beat, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [token, intervalMs]);
}
