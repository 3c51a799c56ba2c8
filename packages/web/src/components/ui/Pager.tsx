import { SCREEN_TEXTS } from '@prijsalarm/core';

const texts = SCREEN_TEXTS.common;

/** The page numbers shown around `page`: at most `span` of them. */
export function visiblePages(page: number, totalPages: number, span = 5): number[] {
  const count = Math.min(span, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(span / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

interface PagerProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

/** Previous, a few page numbers and next; nothing for a single page. */
export function Pager({ page, totalPages, onPage }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={texts.pager}>
      <button
        type="button"
        className="pager__button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {texts.previousPage}
      </button>
      <ul className="pager__pages">
        {visiblePages(page, totalPages).map((number) => (
          <li key={number}>
            <button
              type="button"
              className={number === page ? 'pager__button is-current' : 'pager__button'}
              aria-current={number === page ? 'page' : undefined}
              aria-label={texts.page(number)}
              onClick={() => onPage(number)}
            >
              {number}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="pager__button"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {texts.nextPage}
      </button>
      <p className="pager__status">{texts.pageOf(page, totalPages)}</p>
    </nav>
  );
}
