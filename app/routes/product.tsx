// Built in issue 3 (catalogue pages).
export default function Page() {
  return <h1>Coming soon</h1>;
}
