import { initials } from "../lib/avatar";

/** The shopper's picture, or the initials of their name on a kumkum disc. */
export function Avatar({ name, src, size = 32, className = "" }: { name: string; src: string | null; size?: number; className?: string }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  return src ? (
    <img className={`avatar ${className}`} src={src} alt="" width={size} height={size} style={style} />
  ) : (
    <span className={`avatar avatar--initials ${className}`} style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
