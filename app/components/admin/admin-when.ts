/** A date and time in India time, as the back office shows them: "26 Nov 2026, 9:05 am". */
const format = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

export const when = (d: Date | string) => format.format(new Date(d));
