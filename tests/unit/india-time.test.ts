import { describe, expect, it } from "vitest";
import {
  indiaDate,
  indiaDateTime,
  indiaDateTime12,
  indiaDay,
  indiaDayEnd,
  indiaDayStart,
  indiaMidnight,
  indiaSortable,
} from "../../workers/services/platform/india-time.rules";

/** India's time, whatever the machine's zone: UTC+05:30 all year. */
describe("india time", () => {
  it("puts an instant on India's calendar day, which starts at 18:30 UTC the evening before", () => {
    expect(indiaDay("2026-03-31T18:29:59.999Z")).toBe("2026-03-31");
    expect(indiaDay("2026-03-31T18:30:00Z")).toBe("2026-04-01");
    expect(indiaDay(Date.UTC(2026, 10, 25, 20))).toBe("2026-11-26");
    expect(indiaDay(new Date("2026-11-26T00:00:00+05:30"))).toBe("2026-11-26");
  });

  it("gives an India day's first and last millisecond as instants", () => {
    expect(new Date(indiaDayStart("2026-04-01")).toISOString()).toBe("2026-03-31T18:30:00.000Z");
    expect(new Date(indiaDayEnd("2026-04-01")).toISOString()).toBe("2026-04-01T18:29:59.999Z");
    expect(indiaDay(indiaDayStart("2026-04-01"))).toBe("2026-04-01");
    expect(indiaDay(indiaDayEnd("2026-04-01"))).toBe("2026-04-01");
    expect(Date.parse(indiaMidnight("2026-04-01"))).toBe(indiaDayStart("2026-04-01"));
  });

  it("writes dates and times as the shop does, with no locale data", () => {
    expect(indiaDate("2025-08-31T18:30:00Z")).toBe("1 September 2025");
    expect(indiaDate("2025-08-31T18:30:00Z", "short")).toBe("1 Sep 2025");
    expect(indiaDateTime("2026-11-26T08:35:00Z")).toBe("26 Nov 2026, 14:05");
    expect(indiaDateTime12("2026-10-30T18:30:00Z")).toBe("31 Oct 2026, 12:00 am");
    expect(indiaDateTime12("2026-11-26T08:35:00Z")).toBe("26 Nov 2026, 2:05 pm");
    expect(indiaSortable("2026-11-26T08:35:00Z")).toBe("2026-11-26 14:05");
  });

  it("writes nothing for a time that does not parse", () => {
    expect(indiaDate("not a date")).toBe("");
    expect(indiaDateTime("not a date")).toBe("");
    expect(indiaDateTime12("")).toBe("");
  });
});
