import { startStack } from "./tests/support/stack";

const s = await startStack();
for (const p of [
  "/women-products/%00/x-1/reviews",
  "/women-products/%00/x-1",
  "/women-products/kurtis/%00",
  "/women-products/%00/1/reviews",
]) {
  const r = await fetch(s.baseUrl + p, {
    method: "POST",
    body: "rating=5&comment=hello",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: s.baseUrl },
  });
  console.log(p, r.status);
}
await s.stop();
