import { KeypointKind } from '@lobby/contract';
import { api } from '../api';
import { calls } from '../api/calls';
import { APP_ENV, CLIENT_VERSION, detectOs, domainChannel, getPromotionChannel, setPromotionChannel, type LaunchParams } from './app';

/**
 * Work done once the app is mounted. Both calls are silent: a lobby that cannot resolve its channel
 * or record a key point still works, and the player should not hear about it.
 */
export async function runStartupTasks(params: LaunchParams): Promise<void> {
  if (params.channelMd5) {
    try {
      const reply = await api.call(calls.app.channel, { channelMd5: params.channelMd5, clientVersion: CLIENT_VERSION }, { silent: true });
      // A channel configured for another client version is ignored (SPEC section 5).
      if (reply.promotionChannel && (!reply.clientVersion || reply.clientVersion === CLIENT_VERSION)) {
        setPromotionChannel(reply.promotionChannel);
      }
    } catch (error) {
      console.warn('channel lookup failed', error);
    }
  }
  try {
    await api.call(
      calls.keypoint.upload,
      {
        kind: KeypointKind.MAIN_PAGE,
        clientVersion: CLIENT_VERSION,
        promotionChannel: getPromotionChannel(),
        domain: domainChannel(window.location.hostname),
        clientDeviceOs: detectOs(),
        customData: { env: APP_ENV },
      },
      { silent: true },
    );
  } catch (error) {
    console.warn('key point upload failed', error);
  }
}
