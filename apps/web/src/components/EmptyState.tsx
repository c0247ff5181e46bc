import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

interface EmptyStateProps {
  icon?: IconName;
  title: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({ icon = 'record', title, text, action, testId = 'empty-state' }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-state__icon">
        <Icon name={icon} strokeWidth={1.5} />
      </span>
      <p className="empty-state__title">{title}</p>
      {text && <p className="empty-state__text">{text}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
