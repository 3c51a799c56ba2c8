/**
 * The marketplace's query rules, in one place: when does a listing answer a search's words?
 * Marktplaats and 2dehands (one backend) search with `searchInTitleAndDescription=true` — the site
 * default, and what the engine always sends (marketplace/search-query.ts) — so:
 *
 * - every word of the query must occur (`query` is free text, all words; the double,
 *   tests/doubles/marketplace/market.ts, holds the same rule);
 * - case and accents do not count ('Café' finds 'cafe', 'IPHONE' finds 'iPhone');
 * - words are looked for in the title and the WHOLE description. A search result shows only the
 *   first ~200 characters of the description ("truncated ~200 chars"; the ad page has it whole),
 *   so a word missing from what the feed saw of a cut description is UNDECIDED: per-search polling
 *   (reconciliation) asks the site itself.
 * A word occurs when the folded text contains it, as the double models the site; where the real
 * site differs (whole tokens, searchType 'TokenMatch'), per-search polling still finds the ad.
 *
 * Used by the feed (feed-reader.ts) and the alert index (alert-index.ts); per-search polling needs
 * none of it, the site applies its own rules there.
 */

/** What the search result shows of a description, at most (research: "truncated ~200 chars"). */
export const SEARCH_DESCRIPTION_CHARS = 200;
/** A description this long may have been cut: a missing word could sit in the part not shown. */
export const POSSIBLY_CUT_AT = SEARCH_DESCRIPTION_CHARS - 20;

/** Lowercase, accents dropped, spacing collapsed: 'Café  Kapót' → 'cafe kapot'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a query, folded: every one must occur. An empty query has none (category feed). */
export function queryWords(query: string): string[] {
  return [...new Set(foldText(query).split(' ').filter(Boolean))];
}

export type QueryVerdict = 'match' | 'no-match' | 'undecided';

export interface SearchableText {
  title: string;
  /** The description as the search result gave it (maybe cut). */
  description: string;
}

/** The folded text a listing is searched in: title and description. */
export function searchText(listing: SearchableText): string {
  return foldText(`${listing.title} ${listing.description}`);
}

/**
 * Does the listing answer the words? 'undecided' when a word is missing but the description was
 * possibly cut (it could be in the part the search result left out).
 */
export function judgeQuery(
  words: readonly string[],
  listing: SearchableText,
  text: string = searchText(listing),
): QueryVerdict {
  if (words.every((word) => text.includes(word))) return 'match';
  return listing.description.length >= POSSIBLY_CUT_AT ? 'undecided' : 'no-match';
}
