import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import './action-menu.css';

export interface MenuAction {
  key: string;
  label: string;
  /** Read by screen readers instead of `label` (e.g. with the alert's name). */
  ariaLabel?: string;
  /** A page to go to, or a function to run. */
  to?: string;
  onSelect?: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * The secondary actions of a card behind one button (the WAI-ARIA menu button pattern): Enter,
 * Space or Arrow Down open it on the first item, Arrow Up on the last; the arrows, Home and End
 * move, Escape closes it back onto the button, Tab closes it and moves on; a click outside closes.
 */
export function ActionMenu({
  label,
  ariaLabel,
  actions,
}: {
  label: string;
  ariaLabel?: string;
  actions: MenuAction[];
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const navigate = useNavigate();

  // Before paint, so a key pressed right after opening already reaches the item, not the button.
  useLayoutEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };
  const select = (action: MenuAction) => {
    if (action.disabled) return;
    closeToButton();
    if (action.to) navigate(action.to);
    else action.onSelect?.();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(actions.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const last = actions.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeToButton();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="action-menu" ref={root}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className="button button--secondary button--small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={ariaLabel}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="action-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul
          id={`${id}-menu`}
          className="action-menu__list"
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
        >
          {actions.map((action, index) => (
            <li key={action.key} role="none">
              <button
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === active ? 0 : -1}
                className={`action-menu__item${action.danger ? ' action-menu__item--danger' : ''}`}
                aria-label={action.ariaLabel}
                aria-disabled={action.disabled || undefined}
                onClick={() => select(action)}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
