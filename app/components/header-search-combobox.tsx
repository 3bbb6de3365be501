import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { settings } from "../../workers/services/content/settings";
import { searchPath } from "../../workers/services/platform/paths";
import type { Suggestion, loader as suggestLoader } from "../routes/catalog/search-suggest";
import { SEARCH_INPUT, type SearchFieldProps, SearchLabel } from "./search-field";
import { ShopLink } from "./shop-link";

const LISTBOX_ID = "site-search-suggestions";
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;

/**
 * The header's search form as a combobox (WAI-ARIA APG, list autocomplete), loaded on the shopper's
 * first move towards the search (app/components/header-search.tsx): a pause in typing goes to the
 * results on its own and fetches product suggestions into a listbox under the box, which stays open
 * over the results page while the shopper keeps typing and closes on Escape, blur, submit, choosing
 * one, or leaving the search page. It takes the place of the plain form with what was typed, and
 * the focus if the box had it.
 */
export default function SearchCombobox({ text, setText, inputRef, open, onSearchPage, urlQuery, focused, onSubmit }: SearchFieldProps) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const shown = useRef({ onSearchPage, urlQuery });
  shown.current = { onSearchPage, urlQuery };
  const suggest = useFetcher<typeof suggestLoader>();
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions: Suggestion[] = (text.trim() && suggest.data?.suggestions) || [];
  const expanded = open && listOpen && suggestions.length > 0;
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

  // Taking over from the plain form: the focus stays in the box, and what was typed while this
  // module loaded is searched for as if typed now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only, with the values handed over.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (focused && input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
      setListOpen(true);
    }
    if (text.trim() && text !== urlQuery) searchSoon(text);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <>
      <Form
        method="get"
        action="/search"
        role="search"
        aria-label="Site search"
        className="search-form container"
        onSubmit={(event) => {
          closeList();
          onSubmit(event);
        }}
      >
        <SearchLabel />
        <input
          ref={inputRef}
          {...SEARCH_INPUT}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            searchSoon(event.target.value);
          }}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          onKeyDown={onKeyDown}
          onFocus={() => setListOpen(true)}
          onBlur={() => setListOpen(false)}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      <div id={LISTBOX_ID} role="listbox" aria-label="Suggested products" className="search-suggestions container" hidden={!expanded}>
        {expanded &&
          suggestions.map((suggestion, i) => (
            <ShopLink
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
            </ShopLink>
          ))}
      </div>
    </>
  );
}
