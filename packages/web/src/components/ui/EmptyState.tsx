/**
 * What a screen shows where its list is empty: a small drawing (an ad card with the list's
 * symbol, decoration only), what is missing in a title and a line, and the next step as a
 * button — a link to another page, a jump on the page, or an action.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { iconPath, type IconName } from './Icon';
import './empty-state.css';

export type EmptyStateAction = { label: string } & (
  { to: string } | { href: string } | { onClick: () => void }
);

interface EmptyStateProps {
  /** The symbol on the drawing: the list's subject ('bell' for alerts, 'search' for no result). */
  symbol: IconName;
  title: string;
  /** The title's element: a heading of the right level where the page has headings above it. */
  titleAs?: 'h2' | 'h3' | 'p';
  children?: ReactNode;
  action?: EmptyStateAction;
}

function ActionButton({ action }: { action: EmptyStateAction }) {
  const className = 'button button--primary';
  if ('to' in action)
    return (
      <Link className={className} to={action.to}>
        {action.label}
      </Link>
    );
  if ('href' in action)
    return (
      <a className={className} href={action.href}>
        {action.label}
      </a>
    );
  return (
    <button type="button" className={className} onClick={action.onClick}>
      {action.label}
    </button>
  );
}

export function EmptyState({
  symbol,
  title,
  titleAs: Title = 'h3',
  children,
  action,
}: EmptyStateProps) {
  return (
    <div className="empty-state">
      <svg
        className="empty-state__art"
        viewBox="0 0 200 136"
        width="200"
        height="136"
        aria-hidden="true"
        focusable="false"
      >
        <ellipse className="empty-state__glow" cx="100" cy="76" rx="88" ry="56" />
        <rect
          className="empty-state__card empty-state__card--back"
          x="56"
          y="26"
          width="104"
          height="70"
          rx="10"
          transform="rotate(-7 108 61)"
        />
        <rect className="empty-state__shadow" x="46" y="44" width="112" height="72" rx="10" />
        <rect className="empty-state__card" x="42" y="38" width="112" height="72" rx="10" />
        <rect className="empty-state__photo" x="54" y="50" width="32" height="32" rx="6" />
        <rect className="empty-state__line" x="94" y="53" width="48" height="7" rx="3.5" />
        <rect className="empty-state__line" x="94" y="66" width="32" height="7" rx="3.5" />
        <rect className="empty-state__price" x="94" y="79" width="22" height="7" rx="3.5" />
        <rect
          className="empty-state__line empty-state__line--faint"
          x="54"
          y="94"
          width="88"
          height="6"
          rx="3"
        />
        <circle className="empty-state__badge" cx="154" cy="36" r="21" />
        <svg
          className="empty-state__symbol"
          x="142"
          y="24"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={iconPath(symbol)} />
        </svg>
        <circle className="empty-state__spark" cx="30" cy="44" r="4" />
        <circle className="empty-state__spark" cx="178" cy="94" r="3" />
        <circle className="empty-state__spark empty-state__spark--soft" cx="26" cy="100" r="2.5" />
      </svg>
      <Title className="empty-state__title">{title}</Title>
      {children && <div className="empty-state__text">{children}</div>}
      {action && <ActionButton action={action} />}
    </div>
  );
}
