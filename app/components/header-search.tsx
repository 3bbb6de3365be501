import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate } from "react-router";
import { searchPath } from "../../workers/services/paths";
import { settings } from "../../workers/services/settings";
import { useDisclosure } from "../lib/use-disclosure";
import type { Suggestion, loader as suggestLoader } from "../routes/search-suggest";
import { SearchIcon } from "./icons";

const LISTBOX_ID = "site-search-suggestions";
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;

/**
 * The search icon opens a real GET form to /search; once hydrated, a pause in typing goes to the
 * results on its own. Before hydration (or without JavaScript) the closed form is only clipped out
 * of sight, not removed: focusing the icon or the box shows it (CSS :focus-within), so it works.
 *
 * Once hydrated the box is also a combobox (WAI-ARIA APG, list autocomplete): the same pause fetches
 * product suggestions into a listbox under it, which stays open over the results page while the
 * shopper keeps typing and closes on Escape, blur, submit, choosing one, or leaving the search page.
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const onSearchPage = location.pathname === "/search";
  const urlQuery = onSearchPage ? (new URLSearchParams(location.search).get("query") ?? "") : "";
  // The root draws one header for every page, so this stays mounted (and keeps what is being typed)
  // when the first search moves the shopper from home to the results.
  const search = useDisclosure<HTMLDivElement>();
  const [enhanced, setEnhanced] = useState(false);
  const [text, setText] = useState(urlQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const shown = useRef({ onSearchPage, urlQuery });
  shown.current = { onSearchPage, urlQuery };
  const suggest = useFetcher<typeof suggestLoader>();
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions: Suggestion[] = (text.trim() && suggest.data?.suggestions) || [];
  const expanded = search.open && listOpen && suggestions.length > 0;
  const activeIndex = expanded && active < suggestions.length ? active : -1;

  function searchSoon(value: string) {
    clearTimeout(timer.current);
    const query = value.trim();
    if (!query) return setListOpen(false);
    timer.current = setTimeout(() => {
      suggest.load(`/search/suggest?query=${encodeURIComponent(query)}`);
      setListOpen(true);
      setActive(-1);
      const now = shown.current;
      if (now.onSearchPage && query === now.urlQuery.trim()) return;
      navigate(searchPath(query), { replace: now.onSearchPage });
    }, settings.timing.searchDebounceMs);
  }

  function closeList() {
    clearTimeout(timer.current);
    setListOpen(false);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!count) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setListOpen(true);
      setActive(activeIndex < 0 ? (step > 0 ? 0 : count - 1) : (activeIndex + step + count) % count);
    } else if (event.key === "Enter" && activeIndex >= 0) {
      event.preventDefault();
      closeList();
      navigate(suggestions[activeIndex]!.href);
    } else if (event.key === "Escape" && expanded) {
      // Only the list closes; the next Escape closes the search panel (useDisclosure, on document).
      event.preventDefault();
      event.nativeEvent.stopImmediatePropagation();
      setListOpen(false);
    }
  }

  // Mount only (hydration): useDisclosure's ref and setOpen never change.
  const { ref: searchRef, setOpen } = search;
  useEffect(() => {
    setEnhanced(true);
    // Already in use before hydration: keep it open and keep what was typed.
    const input = inputRef.current;
    if (input && searchRef.current?.contains(document.activeElement)) {
      setOpen(true);
      setText(input.value);
    }
    return () => clearTimeout(timer.current);
  }, [searchRef, setOpen]);

  useEffect(() => {
    if (document.activeElement !== inputRef.current) setText(urlQuery);
  }, [urlQuery]);

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
            closeList();
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
            enterKeyHint="search"
            maxLength={settings.catalogue.searchMaxQueryLength}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              searchSoon(event.target.value);
            }}
            {...(enhanced && {
              role: "combobox",
              "aria-autocomplete": "list",
              "aria-expanded": expanded,
              "aria-controls": LISTBOX_ID,
              "aria-activedescendant": activeIndex >= 0 ? optionId(activeIndex) : undefined,
              onKeyDown,
              onFocus: () => setListOpen(true),
              onBlur: () => setListOpen(false),
            })}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </Form>
        <div id={LISTBOX_ID} role="listbox" aria-label="Suggested products" className="search-suggestions container" hidden={!expanded}>
          {expanded &&
            suggestions.map((suggestion, i) => (
              <Link
                key={suggestion.href}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                tabIndex={-1}
                to={suggestion.href}
                className="search-suggestion"
                // Keeps focus (and the list) in the box until the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={closeList}
              >
                <img src={suggestion.image.url} alt="" width={40} height={50} />
                <span className="search-suggestion__text">
                  <span className="search-suggestion__name">{suggestion.name}</span>
                  {suggestion.outOfStock && <span className="badge search-suggestion__stock">Out of stock</span>}
                </span>
                {suggestion.price && <span className="search-suggestion__price">{suggestion.price}</span>}
              </Link>
            ))}
        </div>
      </div>
    </div>
  );
}
