import type { ReactNode } from "react";

/** Line icons on a 24px grid; decorative, so the control that holds one carries the name. */
function icon(children: ReactNode) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon when the module loads, never during a render
  return function Icon() {
    return (
      <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        {children}
      </svg>
    );
  };
}

export const MenuIcon = icon(<path d="M4 7h16M4 12h16M4 17h16" />);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </>,
);
export const HeartIcon = icon(<path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />);
export const BagIcon = icon(
  <>
    <path d="M5.5 8h13l-1 12.5h-11z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </>,
);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="3.8" />
    <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
  </>,
);
export const PauseIcon = icon(<path d="M9 6v12M15 6v12" />);
export const PlayIcon = icon(<path d="M8 5.5v13l10-6.5z" />);
export const FacebookIcon = icon(<path d="M14.5 8.5H16.5V5h-2.5a4 4 0 0 0-4 4v2.5H8V15h2v6h3.5v-6h2.5l.5-3.5h-3v-2a1 1 0 0 1 1-1z" />);
export const InstagramIcon = icon(
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17 7h.01" />
  </>,
);
export const YoutubeIcon = icon(
  <>
    <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
    <path d="m10 9.5 4.5 2.5-4.5 2.5z" />
  </>,
);

/** The brand mark: a paisley (kairi), the same shape as the favicon. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="M15 29.5c-5.8 0-9.5-4.2-9.5-9.3 0-6.9 6-10.4 10-13.6 2-1.6 3.4-3.5 3.6-5.6 3.4 2.7 7.4 7.5 7.4 14.2C26.5 23 22 29.5 15 29.5z"
        fill="currentColor"
      />
      <path
        d="M15 26.5c-3.9 0-6.5-2.9-6.5-6.4 0-4.6 4-7.2 7-9.6 1.2 2.6 5 4.6 5 10.3 0 3.1-2.1 5.7-5.5 5.7z"
        fill="none"
        stroke="#E39B2D"
        strokeWidth="1.6"
      />
      <circle cx="15" cy="20.3" r="2.3" fill="#E39B2D" />
    </svg>
  );
}
