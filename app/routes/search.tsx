import type { Route } from "./+types/search";

export default function Search() {
  return <main><h1>Search</h1></main>;
}
