import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from './Icon';

interface ListRowProps {
  icon?: IconName;
  label: string;
  value?: ReactNode;
  to?: string;
  onClick?(): void;
  testId?: string;
  danger?: boolean;
}

/** A settings-style row: icon, label, value and a chevron when it leads somewhere. */
export function ListRow({ icon, label, value, to, onClick, testId, danger }: ListRowProps) {
  const content = (
    <>
      {icon && (
        <span className="list-row__icon">
          <Icon name={icon} />
        </span>
      )}
      <span className="list-row__label">{label}</span>
      {value !== undefined && <span className="list-row__value">{value}</span>}
      {(to || onClick) && <Icon name="chevronRight" className="list-row__chevron flip-rtl" />}
    </>
  );
  const className = ['list-row', danger ? 'list-row--danger' : ''].filter(Boolean).join(' ');
  if (to) {
    return (
      <Link to={to} className={className} data-testid={testId}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={onClick} data-testid={testId} disabled={!onClick}>
      {content}
    </button>
  );
}

export function ListGroup({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className="list-group">
      {title && <h3 className="list-group__title">{title}</h3>}
      <div className="list-group__body">{children}</div>
    </section>
  );
}
