import { useTimeLeft } from "../../lib/use-time-left";
import type { LaunchCountdown } from "./launch.server";

const UNITS = [
  { label: "Days", ms: 86_400_000 },
  { label: "Hours", ms: 3_600_000 },
  { label: "Minutes", ms: 60_000 },
  { label: "Seconds", ms: 1_000 },
] as const;

function split(remainingMs: number) {
  let rest = remainingMs;
  return UNITS.map(({ label, ms }) => {
    const value = Math.floor(rest / ms);
    rest -= value * ms;
    return { label, value };
  });
}

/**
 * Days, hours, minutes and seconds to the launch, first as the server computed them, then ticking
 * each second in the browser; at zero it stops. The ticking numbers are not announced (a screen
 * reader would hear a new number every second); a hidden sentence gives the date instead.
 */
export function Countdown({ target, remainingMs, label }: LaunchCountdown) {
  const remaining = useTimeLeft(remainingMs, () => Date.parse(target), target);

  return (
    <div className="countdown">
      <p className="visually-hidden">{remaining === 0 ? `The countdown to ${label} has ended.` : `Counting down to ${label}.`}</p>
      <div className="countdown__units" role="timer" aria-live="off" aria-label={`Time left until ${label}`}>
        {split(remaining).map(({ label: unit, value }) => (
          <div key={unit} className="countdown__unit" data-unit={unit.toLowerCase()}>
            <span className="countdown__value">{String(value).padStart(2, "0")}</span>
            <span className="countdown__label">{unit}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
