import { useIonRouter } from '@ionic/react';
import { LOGIN_PATH } from '../lib/navigation';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import type { IconName } from './Icon';

interface SignInPromptProps {
  icon: IconName;
  title: string;
  text: string;
  loginLabel: string;
  /** The prompt's test id; its button's is `<testId>-login` unless given. */
  testId: string;
  loginTestId?: string;
}

/**
 * What a visitor sees on a screen of their own records (bets, messages, reports, bonuses): why there
 * is nothing, and the way to log in. Every such screen shows the same prompt.
 */
export function SignInPrompt({ icon, title, text, loginLabel, testId, loginTestId = `${testId}-login` }: SignInPromptProps) {
  const router = useIonRouter();
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      testId={testId}
      action={
        <Button onClick={() => router.push(LOGIN_PATH)} data-testid={loginTestId}>
          {loginLabel}
        </Button>
      }
    />
  );
}
