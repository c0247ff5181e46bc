import { type CallResponse, ErrorCode, type securityCalls } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { ApiError } from '../../api/client';
import { withTwoFactor } from '../../screens/Security/twoFactor';
import { useSession } from '../session';
import { playerKeys } from './keys';

export type SecurityState = CallResponse<typeof securityCalls.securityGet>;
export type LoginRecord = CallResponse<typeof securityCalls.loginHistory>[number];

export const securityKeys = {
  all: [...playerKeys.all, 'security'] as const,
  state: () => [...securityKeys.all, 'state'] as const,
  logins: () => [...securityKeys.all, 'logins'] as const,
};

export function useSecurityState() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: securityKeys.state(), queryFn: () => api.call(calls.security.securityGet, {}), enabled: token !== null });
}

export function useLoginHistory() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: securityKeys.logins(), queryFn: () => api.call(calls.security.loginHistory, {}), enabled: token !== null });
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.call(calls.security.twoFactorSetup, {}, { loading: true }) });
}

export function useTwoFactorEnable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(calls.security.twoFactorEnable, { code }, { loading: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: securityKeys.state() }),
    meta: { silent: true },
  });
}

/** New recovery codes: the prompt asks for a code first. */
export function useNewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withTwoFactor('manage', (twoFactorCode) =>
        twoFactorCode === undefined ? Promise.reject(needCode()) : api.call(calls.security.twoFactorRecoveryCodes, { twoFactorCode }, { loading: true }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: securityKeys.state() }),
  });
}

export function useTwoFactorDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withTwoFactor('manage', (twoFactorCode) =>
        twoFactorCode === undefined ? Promise.reject(needCode()) : api.call(calls.security.twoFactorDisable, { twoFactorCode }, { loading: true }),
      ),
    onSuccess: (state) => client.setQueryData(securityKeys.state(), state),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(calls.security.endOtherSessions, {}, { loading: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: securityKeys.logins() }),
  });
}

/** These calls always take a code: the prompt opens before the first try, as if the server asked. */
const needCode = () => new ApiError('business', '', { code: ErrorCode.TWO_FACTOR_REQUIRED, handled: true });
