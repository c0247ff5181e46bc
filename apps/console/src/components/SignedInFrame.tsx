import type { ReactNode } from 'react';
import { LiveFeed } from '../live/live.tsx';
import { ConsoleLayout } from './ConsoleLayout.tsx';
import { StepUpDialog } from './StepUp.tsx';

/** Everything a signed-in member has around the pages: the live feed, the menu and bar, the step-up dialog. */
export default function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    <LiveFeed>
      <StepUpDialog />
      <ConsoleLayout>{children}</ConsoleLayout>
    </LiveFeed>
  );
}
