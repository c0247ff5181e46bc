import type { CallRequest, Player, playerCalls } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, endSession } from '../../api';
import { calls } from '../../api/calls';
import { profileOf, setPlayer, signIn, useSession, type Profile } from '../session';
import { useSettings } from '../settings';
import { applyBalances } from './balances';
import { playerKeys } from './keys';
import { withCode, withTwoFactor } from '../../screens/Security/twoFactor';

export { playerKeys } from './keys';

/** The signed-in player; keeps the session store's copy in step for screens outside React Query. */
export function usePlayer() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: playerKeys.profile(),
    queryFn: async ({ signal }): Promise<Profile> => {
      const player = await api.call(calls.player.load, {}, { signal });
      applyBalances(client, player.balances);
      setPlayer(player);
      return profileOf(player);
    },
    enabled: token !== null,
    initialData: () => useSession.getState().player ?? undefined,
  });
}

function useSignedIn() {
  const client = useQueryClient();
  return (session: { token: string; player: Player }) => {
    signIn(session.token, session.player);
    applyBalances(client, session.player.balances);
    client.setQueryData(playerKeys.profile(), profileOf(session.player));
  };
}

export function useLogin() {
  const onSignedIn = useSignedIn();
  return useMutation({
    // A device that has not passed two-factor is asked for a code (the prompt), then signs in with it.
    mutationFn: (body: CallRequest<typeof playerCalls.login>) =>
      withTwoFactor('signIn', (code) => api.call(calls.player.login, withCode(body, code), { loading: true })),
    onSuccess: onSignedIn,
  });
}

export function useRegister() {
  const onSignedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: CallRequest<typeof playerCalls.register>) => api.call(calls.player.register, body, { loading: true }),
    onSuccess: onSignedIn,
  });
}

export function useSendRegisterCode() {
  return useMutation({
    mutationFn: (email: string) => api.call(calls.player.captcha, { account: email, lang: useSettings.getState().language }, { loading: true }),
  });
}

export function useSendResetCode() {
  return useMutation({
    mutationFn: (account: string) => api.call(calls.player.captchaChangePassword, { account, lang: useSettings.getState().language }, { loading: true }),
  });
}

export function useResetForgottenPassword() {
  return useMutation({
    mutationFn: (body: CallRequest<typeof playerCalls.changePassword>) => api.call(calls.player.changePassword, body, { loading: true }),
  });
}

export function useChangeLoginPassword() {
  return useMutation({
    mutationFn: (body: CallRequest<typeof playerCalls.resetPassword>) =>
      withTwoFactor('password', (code) => api.call(calls.player.resetPassword, withCode(body, code), { loading: true })),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      // The session ends on this device whatever the server answers: a player who asked to leave is out.
      try {
        await api.call(calls.player.logout, {}, { loading: true, silent: true });
      } finally {
        endSession('logout');
      }
    },
    meta: { silent: true },
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallRequest<typeof playerCalls.updateProfile>) =>
      withTwoFactor('email', (code) => api.call(calls.player.updateProfile, withCode(body, code), { loading: true })),
    onSuccess: (player) => {
      applyBalances(client, player.balances);
      setPlayer(player);
      client.setQueryData(playerKeys.profile(), profileOf(player));
    },
  });
}

export function useSendBindEmailCode() {
  return useMutation({
    mutationFn: (email: string) => api.call(calls.player.emailCaptcha, { account: email, lang: useSettings.getState().language }, { loading: true }),
  });
}

/** Sends a code to the e-mail bound now: the first step of changing it. */
export function useSendBoundEmailCode() {
  return useMutation({
    mutationFn: () => api.call(calls.player.emailCaptcha, { bound: true, lang: useSettings.getState().language }, { loading: true }),
  });
}
