import { useEffect, useState } from "react";

/**
 * What the back office's printable documents share (the packing slip and the tax invoice).
 * Its own module, imported by those two routes only, so no storefront chunk changes.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11-26" as "26 November 2026" (no locale data: the server and every browser write it alike). */
export function dayLabel(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? ""} ${m[1]}`;
}

/** An ISO time's day in India's time, "26 November 2026". */
export function indiaDayLabel(iso: string): string {
  const t = new Date(new Date(iso).getTime() + 330 * 60_000);
  return Number.isNaN(t.getTime()) ? "" : dayLabel(t.toISOString().slice(0, 10));
}

/** An amount with its paise, Indian grouping: "₹1,23,456.50", "−₹75.00" (no locale data involved). */
export function rupeesExact(paise: number): string {
  const abs = Math.abs(Math.trunc(paise));
  const whole = String(Math.floor(abs / 100));
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  const grouped = head ? `${head},${whole.slice(-3)}` : whole;
  return `${paise < 0 ? "−" : ""}₹${grouped}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * "Print": an enhancement (window.print()), shown once the page's JavaScript runs; without it the
 * browser's own Print does the same. Hidden on paper, as are the back office's bar and links.
 */
export function PrintButton({ label = "Print" }: { label?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button button--primary" onClick={() => window.print()}>
      {label}
    </button>
  );
}
