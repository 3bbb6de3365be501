import { settings } from "../../workers/services/content/settings";

// What the header's plain search form and the combobox that takes its place share.

/** What the search form is given by the header, the plain one and the combobox alike. */
export interface SearchFieldProps {
  text: string;
  setText: (text: string) => void;
  inputRef: React.RefObject<HTMLInputElement>;
  /** The search panel is open. */
  open: boolean;
  onSearchPage: boolean;
  urlQuery: string;
  /** The box had the focus when the combobox took over from the plain form. */
  focused: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}

/** The search box's own attributes, the same before and after the combobox takes over. */
export const SEARCH_INPUT = {
  id: "site-search",
  name: "query",
  type: "search",
  placeholder: "Search kurtis, sarees…",
  autoComplete: "off",
  enterKeyHint: "search",
  maxLength: settings.catalogue.searchMaxQueryLength,
} as const;

export function SearchLabel() {
  return (
    <label htmlFor={SEARCH_INPUT.id} className="visually-hidden">
      Search products
    </label>
  );
}
