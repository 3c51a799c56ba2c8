import type { ReactNode } from 'react';
import { usePageTitle } from '../../hooks/usePageTitle';

interface PageProps {
  title: string;
  intro?: ReactNode;
  /** 'narrow' for forms, 'wide' for dashboards; 'text' for reading. */
  width?: 'narrow' | 'text' | 'wide';
  children?: ReactNode;
}

/** A page with its document title and its one h1. */
export function Page({ title, intro, width = 'text', children }: PageProps) {
  usePageTitle(title);
  return (
    <div className={`page page--${width}`}>
      <h1 className="page__title">{title}</h1>
      {intro && <p className="page__intro">{intro}</p>}
      {children}
    </div>
  );
}
