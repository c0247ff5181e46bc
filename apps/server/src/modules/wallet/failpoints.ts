import type { Config } from '../../config.ts';

/**
 * Named points in the money paths where a test can make the process die at once (SIGKILL: no
 * cleanup, no flushed buffers), to prove that a restart finishes every withdrawal exactly once.
 * Armed by FAILPOINTS=name[,name], and only under NODE_ENV=test: in any other environment the
 * setting does nothing.
 */
export type Failpoint = 'withdrawal.after_debit' | 'withdrawal.after_sign' | 'withdrawal.after_broadcast' | 'provider_wallet.after_commit';
export type Failpoints = (name: Failpoint) => void;

export function createFailpoints(config: Pick<Config, 'NODE_ENV' | 'FAILPOINTS'>): Failpoints {
  if (config.NODE_ENV !== 'test' || !config.FAILPOINTS) return () => undefined;
  const armed = new Set(
    config.FAILPOINTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return (name) => {
    if (armed.has(name)) process.kill(process.pid, 'SIGKILL');
  };
}
