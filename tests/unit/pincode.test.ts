import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lookupEmbedded, lookupPincode } from "../../workers/services/accounts/pincode";
import { DISTRICTS, PIN_COUNT, STATES } from "../../workers/services/accounts/pincode-data.generated";
import type { ServiceContext } from "../../workers/services/platform/context";
import { AppError } from "../../workers/services/platform/errors";

const MERGED_UT = "Dadra and Nagar Haveli and Daman and Diu";

const fakeCtx = (env: Record<string, unknown> = {}): ServiceContext =>
  ({ env, db: undefined as never, now: () => new Date() }) as unknown as ServiceContext;

/** Resolves to the AppError `fn` rejects with (fails the test when it resolves or throws something else). */
async function appError(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("embedded PIN directory", () => {
  it("holds the whole package, one district and state per PIN", () => {
    expect(PIN_COUNT).toBe(19159);
    expect(STATES).toContain("Ladakh");
    expect(STATES).toContain(MERGED_UT);
    expect(STATES).not.toContain("Daman & Diu");
    expect(STATES).not.toContain("Dadra & Nagar Haveli");
    for (const [, state] of DISTRICTS) expect(STATES[state]).toBeDefined();
  });

  it.each([
    ["201001", "Ghaziabad", "Uttar Pradesh"],
    ["110001", "Central Delhi", "Delhi"],
    ["194101", "Leh", "Ladakh"],
    ["194103", "Kargil", "Ladakh"],
    ["194404", "Leh", "Ladakh"],
    ["396210", "Daman", MERGED_UT],
    ["396230", "Dadra & Nagar Haveli", MERGED_UT],
    ["362520", "Diu", MERGED_UT],
    ["190001", "Srinagar", "Jammu & Kashmir"],
  ])("answers %s with %s, %s", async (pin, district, state) => {
    expect(lookupEmbedded(pin)).toEqual({ district, state });
    await expect(lookupPincode(fakeCtx(), pin)).resolves.toEqual({ district, state });
  });

  it("has no entry for PINs outside the directory", () => {
    for (const pin of ["100000", "110000", "999999", "855118"]) expect(lookupEmbedded(pin)).toBeUndefined();
  });
});

describe("PIN validation", () => {
  it.each([["12ab56"], ["012345"], ["12345"], ["1234567"], [" 201001"], ["20100１"], [""], [201001], [null], [undefined]])(
    "refuses %j with a 400",
    async (pin) => {
      const err = await appError(lookupPincode(fakeCtx(), pin));
      expect(err.status).toBe(400);
      expect(err.message).toBe("PIN Code must be 6 digits");
    },
  );
});

describe("PINs missing from the directory", () => {
  it("are a 404 without POSTAL_API_URL", async () => {
    const err = await appError(lookupPincode(fakeCtx(), "999999"));
    expect(err.status).toBe(404);
    expect(err.message).toBe("Invalid PIN Code.");
  });

  describe("with a postal API", () => {
    let server: Server;
    let base: string;
    const requests: string[] = [];
    const indiaPost = (status: string, postOffices: unknown) => [
      { Message: status === "Success" ? "Number of pincode(s) found:1" : "No records found", Status: status, PostOffice: postOffices },
    ];

    beforeAll(async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      server = createServer((req, res) => {
        requests.push(req.url ?? "");
        const pin = /^\/pincode\/(\d+)$/.exec(req.url ?? "")?.[1];
        const send = (status: number, body: unknown) => {
          if (res.destroyed) return;
          res.writeHead(status, { "content-type": "application/json" });
          res.end(typeof body === "string" ? body : JSON.stringify(body));
        };
        if (pin === "999001") {
          send(
            200,
            indiaPost("Success", [
              { Name: "Field Post Office", District: "Ghaziabad ", State: "Uttar Pradesh", Country: "India", Pincode: "999001" },
              { Name: "Another", District: "Meerut", State: "Uttar Pradesh", Country: "India", Pincode: "999001" },
            ]),
          );
        } else if (pin === "999002") send(200, "not json");
        else if (pin === "999003") send(500, { message: "down for maintenance" });
        else if (pin === "999004") send(200, indiaPost("Success", []));
        else if (pin === "999005")
          return; // never answers
        else send(200, indiaPost("Error", null));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      vi.restoreAllMocks();
    });

    it("answers an unknown PIN from the API's first post office", async () => {
      await expect(lookupPincode(fakeCtx({ POSTAL_API_URL: base }), "999001")).resolves.toEqual({
        district: "Ghaziabad",
        state: "Uttar Pradesh",
      });
      expect(requests.at(-1)).toBe("/pincode/999001");
    });

    it("accepts a base URL with a trailing slash", async () => {
      await expect(lookupPincode(fakeCtx({ POSTAL_API_URL: `${base}/` }), "999001")).resolves.toMatchObject({ district: "Ghaziabad" });
      expect(requests.at(-1)).toBe("/pincode/999001");
    });

    it("does not ask the API about PINs the directory has", async () => {
      const before = requests.length;
      await expect(lookupPincode(fakeCtx({ POSTAL_API_URL: base }), "201001")).resolves.toEqual({
        district: "Ghaziabad",
        state: "Uttar Pradesh",
      });
      expect(requests.length).toBe(before);
    });

    it.each([
      ["an Error status", "999999"],
      ["no post office", "999004"],
    ])("gives 404 on %s", async (_, pin) => {
      const err = await appError(lookupPincode(fakeCtx({ POSTAL_API_URL: base }), pin));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Invalid PIN Code.");
    });

    it.each([
      ["a body that is not JSON", "999002"],
      ["an HTTP error", "999003"],
    ])("gives 503 'Failed to fetch city/state' on %s", async (_, pin) => {
      const err = await appError(lookupPincode(fakeCtx({ POSTAL_API_URL: base }), pin));
      expect(err.status).toBe(503);
      expect(err.message).toBe("Failed to fetch city/state");
    });

    it("gives 503 when the API does not answer within the time limit", async () => {
      const err = await appError(lookupPincode(fakeCtx({ POSTAL_API_URL: base }), "999005", { postalApiTimeoutMs: 50 }));
      expect(err.status).toBe(503);
      expect(err.message).toBe("Failed to fetch city/state");
    });

    it("gives 503 when the API is down", async () => {
      const down = createServer();
      await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
      const port = (down.address() as AddressInfo).port;
      await new Promise((resolve) => down.close(resolve));
      const err = await appError(lookupPincode(fakeCtx({ POSTAL_API_URL: `http://127.0.0.1:${port}` }), "999001"));
      expect(err.status).toBe(503);
      expect(err.message).toBe("Failed to fetch city/state");
    });

    it("gives 503 when POSTAL_API_URL is not a URL", async () => {
      const err = await appError(lookupPincode(fakeCtx({ POSTAL_API_URL: "not a url" }), "999001"));
      expect(err.status).toBe(503);
    });
  });
});
