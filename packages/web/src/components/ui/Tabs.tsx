import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/** The tab a `?tab=` value names, or `fallback` for a missing or unknown one. */
export function tabFromQuery<T extends string>(
  value: string | null,
  tabs: readonly TabItem<T>[],
  fallback: T,
): T {
  return tabs.find((tab) => tab.id === value)?.id ?? fallback;
}

/** The tab index a key moves to (WAI-ARIA tabs pattern), or null for other keys. */
export function tabIndexForKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect(id: T): void;
  /** Prefix of the tab and panel ids (unique on the page). */
  idPrefix: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * A tablist (WAI-ARIA tabs with automatic activation): one tab stop, the arrow keys, Home and End
 * move between tabs and select them; Tab goes on into the panel.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  children,
}: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const panelId = `${idPrefix}-panel`;
  const tabId = (id: T) => `${idPrefix}-tab-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexForKey(event.key, index, tabs.length);
    const target = next === null ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(target.id))}`)?.focus();
  };

  return (
    <>
      <div ref={listRef} role="tablist" aria-label={label} className="tabs">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className={isSelected ? 'tabs__tab is-active' : 'tabs__tab'}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
