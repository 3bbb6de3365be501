import { useTimeLeft } from "../../lib/hooks/use-time-left";
import { ShopLink } from "../shop-link";
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
 * each second in the browser. Once the launch has come (on the server, or while she watches) a clock
 * of zeros would say nothing: the shop is open, and it says so, with the way in. The ticking numbers
 * are not announced (a screen reader would hear a new number every second); a hidden sentence gives
 * the date instead, and the opening is announced when it happens.
 */
export function Countdown({ target, remainingMs, label }: LaunchCountdown) {
  const remaining = useTimeLeft(remainingMs, () => Date.parse(target), target);

  if (remaining === 0) {
    return (
      <div className="countdown countdown--open" role="status">
        <p className="countdown__open">
          We&rsquo;re open &mdash; <ShopLink to="/all-products">browse the collection</ShopLink>
        </p>
      </div>
    );
  }
  return (
    <div className="countdown" role="status">
      <p className="visually-hidden">Counting down to {label}.</p>
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
