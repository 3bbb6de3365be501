import { type ComponentType, useEffect, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { useDisclosure } from "../lib/hooks/use-disclosure";
import { SearchIcon } from "./icons";
import { SEARCH_INPUT, type SearchFieldProps, SearchLabel } from "./search-field";

/**
 * The search icon opens a real GET form to /search. Before hydration (or without JavaScript) the
 * closed form is only clipped out of sight, not removed: focusing the icon or the box shows it (CSS
 * :focus-within), so it works.
 *
 * Once hydrated, the shopper's first move towards the search (pointer, touch or focus) loads the
 * combobox (header-search-combobox.tsx: a pause in typing goes to the results, product suggestions
 * in a listbox), which takes the plain form's place with what was typed, so pages where nobody
 * searches never load it.
 */
export function HeaderSearch() {
  const location = useLocation();
  const onSearchPage = location.pathname === "/search";
  const urlQuery = onSearchPage ? (new URLSearchParams(location.search).get("query") ?? "") : "";
  // The root draws one header for every page, so this stays mounted (and keeps what is being typed)
  // when the first search moves the shopper from home to the results.
  const search = useDisclosure<HTMLDivElement>();
  const [enhanced, setEnhanced] = useState(false);
  const [text, setText] = useState(urlQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const [combobox, setCombobox] = useState<{ Combobox: ComponentType<SearchFieldProps>; focused: boolean } | null>(null);
  const loading = useRef(false);

  function enhance() {
    if (loading.current) return;
    loading.current = true;
    import("./header-search-combobox").then(
      // Swapped in at once, so the focus is read where the shopper has it now.
      ({ default: Combobox }) =>
        setCombobox({ Combobox, focused: document.activeElement !== null && document.activeElement === inputRef.current }),
      () => {
        loading.current = false;
      },
    );
  }

  // Mount only (hydration): useDisclosure's ref and setOpen never change.
  const { ref: searchRef, setOpen } = search;
  // biome-ignore lint/correctness/useExhaustiveDependencies: enhance only starts a load once.
  useEffect(() => {
    setEnhanced(true);
    // What was typed before hydration is kept, even once the shopper has moved on from the box (the
    // box is controlled from here on, and would otherwise go back to the page's query).
    const input = inputRef.current;
    const box = searchRef.current;
    if (input) setText(input.value);
    // Still in use: keep it open.
    if (input && box?.contains(document.activeElement)) {
      setOpen(true);
      enhance();
    }
    // The first pointer over, touch on or focus in the search loads the combobox.
    const events = ["pointerenter", "touchstart", "focusin"] as const;
    for (const type of events) box?.addEventListener(type, enhance, { passive: true });
    return () => {
      for (const type of events) box?.removeEventListener(type, enhance);
    };
  }, [searchRef, setOpen]);

  // A new query in the URL (another search) shows in the box, unless she is typing there; not on
  // hydration, where the box keeps what she typed.
  const shownQuery = useRef(urlQuery);
  useEffect(() => {
    if (shownQuery.current === urlQuery) return;
    shownQuery.current = urlQuery;
    if (document.activeElement !== inputRef.current) setText(urlQuery);
  }, [urlQuery]);

  // Leaving the results closes the panel; a panel opened before hydration stays open.
  const wasOnSearchPage = useRef(onSearchPage);
  useEffect(() => {
    if (wasOnSearchPage.current && !onSearchPage) setOpen(false);
    wasOnSearchPage.current = onSearchPage;
  }, [onSearchPage, setOpen]);

  useEffect(() => {
    if (search.open) inputRef.current?.focus();
  }, [search.open]);

  const field: SearchFieldProps = {
    text,
    setText,
    inputRef,
    open: search.open,
    onSearchPage,
    urlQuery,
    focused: combobox?.focused ?? false,
    onSubmit: (event) => {
      if (!text.trim()) {
        event.preventDefault();
        inputRef.current?.focus();
      }
    },
  };
  const className = ["header-search", enhanced && "is-enhanced", search.open && "is-open"].filter(Boolean).join(" ");
  return (
    <div ref={search.ref} className={className}>
      <button
        type="button"
        className="icon-button"
        aria-label="Search"
        aria-expanded={search.open}
        aria-controls="site-search-panel"
        onClick={() => search.setOpen(!search.open)}
      >
        <SearchIcon />
      </button>
      <div id="site-search-panel" className="header-panel header-search__panel">
        {combobox ? <combobox.Combobox {...field} /> : <PlainSearchForm {...field} />}
      </div>
    </div>
  );
}

/** The search form before the combobox has loaded (and without JavaScript): a plain GET to /search. */
function PlainSearchForm({ text, setText, inputRef, onSubmit }: SearchFieldProps) {
  return (
    <Form method="get" action="/search" role="search" aria-label="Site search" className="search-form container" onSubmit={onSubmit}>
      <SearchLabel />
      <input ref={inputRef} {...SEARCH_INPUT} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" className="button button--primary">
        Search
      </button>
    </Form>
  );
}
