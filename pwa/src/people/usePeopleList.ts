import { useEffect, useState } from 'react';
import { useResource, type Resource } from '../platform/api/useResource';
import { fetchPeople, type PeopleKind, type PeoplePage, type PeopleRow } from './peopleApi';

/** How long the search waits after the last keystroke before it asks the server, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** What {@link usePeopleList} returns. */
export interface PeopleList<T> {
  /** the search box's text, as typed */
  search: string;
  setSearch: (text: string) => void;
  /** 1-based */
  page: number;
  setPage: (page: number) => void;
  rowsPerPage: number;
  /** changes the page size and goes back to page 1 (docs/product.md#paged-tables) */
  setRowsPerPage: (rows: number) => void;
  /** the current page of rows, its loading and error states, and `reload` */
  resource: Resource<PeoplePage<T>>;
}

/**
 * The state behind a paged, searchable admin list (docs/product.md#users-table, docs/product.md#student-list, docs/product.md#teacher-list,
 * docs/product.md#paged-tables, docs/product.md#constants-and-limits): the search text is debounced and sent with
 * the list query, a new search or page size goes back to page 1, and a page
 * left empty by a delete falls back to the last page that has rows.
 * @param defaultRowsPerPage 10 (docs/product.md#constants-and-limits)
 */
export function usePeopleList<K extends PeopleKind>(kind: K, defaultRowsPerPage = 10): PeopleList<PeopleRow<K>> {
  const [search, setSearchText] = useState('');
  const [rowsPerPage, setRows] = useState(defaultRowsPerPage);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The page belongs to the search it was chosen for: a new search starts on page 1 without a second load.
  const [paging, setPaging] = useState({ page: 1, query });
  const page = paging.query === query ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, query });

  const resource = useResource((signal) => fetchPeople(kind, { page, rowsPerPage, search: query }, signal), [kind, page, rowsPerPage, query]);

  const { data } = resource;
  useEffect(() => {
    if (data && data.rows.length === 0 && data.total > 0 && page > 1) setPaging({ page: Math.max(1, Math.ceil(data.total / rowsPerPage)), query });
  }, [data, page, rowsPerPage, query]);

  return {
    search,
    setSearch: setSearchText,
    page,
    setPage,
    rowsPerPage,
    setRowsPerPage: (rows: number) => {
      setRows(rows);
      setPage(1);
    },
    resource,
  };
}
