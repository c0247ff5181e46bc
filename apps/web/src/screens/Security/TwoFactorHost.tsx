import { lazy, Suspense } from 'react';
import { useTwoFactorPrompt } from './twoFactor';

const TwoFactorPrompt = lazy(() => import('./TwoFactorPrompt'));

/** Over the whole app: the code prompt whenever a guarded call asks for one (see `withTwoFactor`); its texts load then. */
export function TwoFactorHost() {
  const request = useTwoFactorPrompt((s) => s.request);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <TwoFactorPrompt key={request.id} reason={request.reason} wrong={request.wrong} onDone={request.resolve} />
    </Suspense>
  );
}
