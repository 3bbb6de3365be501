import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useNavigationType } from "react-router";
import { settings } from "../../workers/services/settings";
import { searchPath } from "../lib/paths";
import { useDisclosure } from "../lib/use-disclosure";
import { SearchIcon } from "./icons";

/**
 * Each layout mounts its own header, so the first search from the home page swaps headers while the
 * shopper may still be typing. The text being typed lives here so the new header carries it on.
 * Only written and read in the browser (event handlers and effects), never during a server render.
 */
const draft = { text: "" };

interface SearchState {
  fromHeaderSearch?: boolean;
}

/**
 * The search icon opens a real GET form to /search; once hydrated, a pause in typing goes to the
 * results on its own. Before hydration (or without JavaScript) the closed form is only clipped out
 * of sight, not removed: focusing the icon or the box shows it (CSS :focus-within), so it works.
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const onSearchPage = location.pathname === "/search";
  const urlQuery = onSearchPage ? (new URLSearchParams(location.search).get("query") ?? "") : "";
  // Arriving from the other layout's header mid-typing: open, focused, with the text so far. The
  // first render already knows, so focus lands in the same commit and no keystroke falls between.
  const [handedOver] = useState(
    () => navigationType !== "POP" && Boolean((location.state as SearchState | null)?.fromHeaderSearch),
  );
  const search = useDisclosure<HTMLDivElement>(handedOver);
  const [enhanced, setEnhanced] = useState(false);
  const [text, setText] = useState(handedOver ? draft.text : urlQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const shown = useRef({ onSearchPage, urlQuery });
  shown.current = { onSearchPage, urlQuery };

  function searchSoon(value: string) {
    clearTimeout(timer.current);
    const query = value.trim();
    if (!query) return;
    timer.current = setTimeout(() => {
      const now = shown.current;
      if (now.onSearchPage && query === now.urlQuery.trim()) return;
      navigate(searchPath(query), { replace: now.onSearchPage, state: { fromHeaderSearch: true } satisfies SearchState });
    }, settings.timing.searchDebounceMs);
  }

  useEffect(() => {
    setEnhanced(true);
    // Already in use before hydration: keep it open and keep what was typed.
    const input = inputRef.current;
    if (input && search.ref.current?.contains(document.activeElement)) {
      search.setOpen(true);
      setText(input.value);
    }
    if (handedOver) searchSoon(draft.text);
    return () => clearTimeout(timer.current);
    // Mount only: hydration, or the hand-over continuing the search the other header scheduled.
  }, []);

  useEffect(() => {
    if (document.activeElement !== inputRef.current) setText(urlQuery);
  }, [urlQuery]);

  const { setOpen } = search;
  useEffect(() => {
    if (!onSearchPage) setOpen(false);
  }, [onSearchPage, setOpen]);

  useEffect(() => {
    if (search.open) inputRef.current?.focus();
  }, [search.open]);

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
        <Form
          method="get"
          action="/search"
          role="search"
          aria-label="Site search"
          className="search-form container"
          onSubmit={(event) => {
            clearTimeout(timer.current);
            if (!text.trim()) {
              event.preventDefault();
              inputRef.current?.focus();
            }
          }}
        >
          <label htmlFor="site-search" className="visually-hidden">
            Search products
          </label>
          <input
            ref={inputRef}
            id="site-search"
            name="query"
            type="search"
            placeholder="Search kurtis, sarees…"
            autoComplete="off"
            autoFocus={handedOver}
            enterKeyHint="search"
            maxLength={settings.catalogue.searchMaxQueryLength}
            value={text}
            onChange={(event) => {
              draft.text = event.target.value;
              setText(event.target.value);
              searchSoon(event.target.value);
            }}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </Form>
      </div>
    </div>
  );
}
