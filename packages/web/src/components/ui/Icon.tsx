/**
 * The app's one icon set: line icons on a 24 px grid, stroked at 2 px in the current text colour,
 * sized by the type scale's icon tokens (--icon-sm/md/lg in styles/global.css). Decorative: the
 * text beside an icon says what it means, so every icon is hidden from screen readers.
 */
const PATHS = {
  bell: 'M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0',
  mail: 'M3 5h18v14H3zM3 7l9 6 9-6',
  send: 'M22 2 11 13M22 2l-7 20-4-9-9-4z',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-4.35-4.35',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  check: 'M20 6 9 17l-5-5',
  pin: 'M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12zM12 7a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  layout: 'M3 3h18v18H3zM3 9h18M9 21V9',
  zap: 'M13 2 3 14h9l-1 8 10-12h-9z',
  bike: 'M5.5 17.5a3.5 3.5 0 1 0 0-.01M18.5 17.5a3.5 3.5 0 1 0 0-.01M5.5 17.5 9 9h6l3.5 8.5M9 9 7.5 6H5M12 17.5 15 9',
  alert: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v4M12 16h.01',
  close: 'M18 6 6 18M6 6l12 12',
  'chevron-left': 'M15 18l-6-6 6-6',
  'chevron-right': 'M9 18l6-6-6-6',
  message: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  euro: 'M18 6.5a7 7 0 1 0 0 11M4 10h10M4 14h10',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 'md' }: { name: IconName; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <svg
      className={`icon icon--${size}`}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** An icon's path, for a drawing that strokes it inside its own SVG (components/ui/EmptyState). */
export function iconPath(name: IconName): string {
  return PATHS[name];
}
