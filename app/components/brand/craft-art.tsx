import type { ReactNode } from "react";

/**
 * Small hand-drawn scenes for the About and Manufacturing pages, in BRAND.md's palette and lit from
 * the top left like the catalogue. Inline, so they cost no request and draw with the first paint;
 * decorative (the text beside each says everything), so hidden from assistive technology. The
 * width and height reserve their space before the stylesheet scales them.
 */
const KUMKUM = "#8A1C2B";
const MARIGOLD = "#E39B2D";
const TEAL = "#1F5F5B";
const SAND = "#EADFD3";
const INK = "#2B2321";
const MUTED = "#6E625C";
const IVORY = "#FBF7F2";

function Art({ name, children }: { name: string; children: ReactNode }) {
  return (
    <svg className="craft-art" data-art={name} viewBox="0 0 240 180" width="240" height="180" aria-hidden="true" focusable="false">
      <rect width="240" height="180" rx="12" fill={SAND} />
      <ellipse cx="120" cy="158" rx="96" ry="8" fill={INK} opacity=".1" />
      {children}
    </svg>
  );
}

/** Bolts of cloth: a zari-edged silk, a butta-dotted cotton, a plain linen, and a spool of thread. */
export function FabricsArt() {
  return (
    <Art name="fabrics">
      <defs>
        <pattern id="art-dots" width="12" height="12" patternUnits="userSpaceOnUse">
          <circle cx="6" cy="6" r="2" fill={KUMKUM} />
        </pattern>
      </defs>
      <rect x="34" y="120" width="136" height="34" rx="6" fill={TEAL} />
      <path d="M34 132h136" stroke={IVORY} strokeOpacity=".35" strokeWidth="2" />
      <rect x="44" y="88" width="124" height="32" rx="6" fill={MARIGOLD} />
      <rect x="44" y="88" width="124" height="32" rx="6" fill="url(#art-dots)" />
      <rect x="30" y="58" width="130" height="30" rx="6" fill={KUMKUM} />
      <path d="M30 80h130" stroke={MARIGOLD} strokeWidth="3" strokeDasharray="6 4" />
      <path d="M36 64h60" stroke={IVORY} strokeOpacity=".4" strokeWidth="3" strokeLinecap="round" />
      <rect x="184" y="98" width="30" height="8" rx="2" fill={MUTED} />
      <rect x="189" y="106" width="20" height="38" fill={KUMKUM} />
      <path d="M189 114h20M189 122h20M189 130h20" stroke={IVORY} strokeOpacity=".3" />
      <rect x="184" y="144" width="30" height="8" rx="2" fill={MUTED} />
      <path d="M199 138c-6 14-20 18-29 10" stroke={KUMKUM} strokeWidth="1.5" fill="none" />
    </Art>
  );
}

/** A carved block lifting off cloth printed half-way across, beside its tray of dye. */
export function BlockPrintArt() {
  return (
    <Art name="block-printing">
      <defs>
        <pattern id="art-butta" width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M12 5c4 4 4 10 0 14-4-4-4-10 0-14zM5 12c4-4 10-4 14 0-4 4-10 4-14 0z" fill={KUMKUM} />
          <circle cx="12" cy="12" r="2" fill={MARIGOLD} />
        </pattern>
      </defs>
      <path d="M20 150l14-70h180l-8 70z" fill={IVORY} />
      <path d="M20 150l14-70h86v70z" fill="url(#art-butta)" />
      <path d="M20 150l14-70h180l-8 70z" fill="none" stroke={MARIGOLD} strokeWidth="2" />
      <g transform="rotate(-8 170 70)">
        <rect x="146" y="60" width="52" height="14" rx="2" fill={KUMKUM} />
        <rect x="148" y="40" width="48" height="22" rx="3" fill={MUTED} />
        <path d="M164 40c0-16 16-16 16 0" fill={INK} />
      </g>
      <rect x="176" y="126" width="46" height="20" rx="4" fill={INK} />
      <rect x="180" y="128" width="38" height="8" rx="3" fill={KUMKUM} />
    </Art>
  );
}

/** A wooden hoop of teal cloth with a marigold flower half stitched, the needle still threaded. */
export function EmbroideryArt() {
  return (
    <Art name="embroidery">
      <circle cx="110" cy="92" r="60" fill={TEAL} />
      <circle cx="110" cy="92" r="60" fill="none" stroke={MUTED} strokeWidth="8" />
      <rect x="102" y="24" width="16" height="10" rx="2" fill={INK} />
      <g fill={MARIGOLD}>
        <ellipse cx="110" cy="72" rx="9" ry="18" />
        <ellipse cx="110" cy="72" rx="9" ry="18" transform="rotate(72 110 92)" />
        <ellipse cx="110" cy="72" rx="9" ry="18" transform="rotate(144 110 92)" />
        <ellipse cx="110" cy="72" rx="9" ry="18" transform="rotate(216 110 92)" />
      </g>
      <ellipse
        cx="110"
        cy="72"
        rx="9"
        ry="18"
        transform="rotate(288 110 92)"
        fill="none"
        stroke={MARIGOLD}
        strokeWidth="2"
        strokeDasharray="4 3"
      />
      <circle cx="110" cy="92" r="7" fill={KUMKUM} />
      <path d="M78 128c10-10 20-12 30-8M142 128c-8-8-16-10-24-8" stroke={IVORY} strokeWidth="2" strokeDasharray="4 3" fill="none" />
      <path d="M150 52l44-30" stroke={INK} strokeWidth="3" strokeLinecap="round" />
      <path d="M92 80C120 40 170 70 192 24" stroke={MARIGOLD} strokeWidth="1.5" fill="none" />
    </Art>
  );
}

/** A sewing machine running a seam of marigold stitches along kumkum cloth. */
export function StitchingArt() {
  return (
    <Art name="stitching">
      <rect x="26" y="136" width="190" height="16" rx="4" fill={INK} />
      <path d="M56 54h126a14 14 0 0 1 14 14v68h-30V90H90v12H56z" fill={TEAL} />
      <path d="M62 62h110" stroke={IVORY} strokeOpacity=".35" strokeWidth="3" strokeLinecap="round" />
      <circle cx="196" cy="82" r="16" fill="none" stroke={MUTED} strokeWidth="6" />
      <path d="M70 102v22" stroke={INK} strokeWidth="2" />
      <path d="M30 136l10-12h120l-6 12z" fill={KUMKUM} />
      <path d="M40 130h30" stroke={MARIGOLD} strokeWidth="2" strokeDasharray="5 3" />
      <path d="M116 40v14" stroke={MUTED} strokeWidth="3" />
      <rect x="108" y="28" width="16" height="12" rx="2" fill={MARIGOLD} />
    </Art>
  );
}

/** A finished kurti on its hanger, passed, with a measuring tape and a teal "checked" tag. */
export function QualityCheckArt() {
  return (
    <Art name="quality-checks">
      <path d="M110 30v-8a6 6 0 1 1 6-6" stroke={INK} strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M110 30L76 46h68z" stroke={INK} strokeWidth="2.5" fill="none" strokeLinejoin="round" />
      <path d="M94 42L78 48 58 88l14 6 12-20-2 76h56l-2-76 12 20 14-6-20-40-16-6q-16 16-32 0z" fill={KUMKUM} />
      <path d="M94 42q16 16 32 0" stroke={MARIGOLD} strokeWidth="3" fill="none" />
      <path d="M83 142h54" stroke={MARIGOLD} strokeWidth="4" strokeDasharray="3 3" />
      <path d="M140 96l16 8" stroke={INK} />
      <rect x="154" y="98" width="46" height="30" rx="4" fill={TEAL} />
      <path d="M166 113l7 7 14-14" stroke={IVORY} strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M24 160c30-10 60-4 90 0" stroke={MARIGOLD} strokeWidth="8" fill="none" />
      <path d="M30 157v4M44 154v4M58 152v4M72 152v4M86 153v4M100 155v4" stroke={INK} />
    </Art>
  );
}

/** Two dress forms side by side, an Anarkali and a kurti: the label's two founders and their first pieces. */
export function WorkshopArt() {
  return (
    <Art name="workshop">
      <g fill={INK}>
        <rect x="76" y="136" width="4" height="18" />
        <rect x="60" y="152" width="36" height="5" rx="2" />
        <rect x="160" y="132" width="4" height="22" />
        <rect x="144" y="152" width="36" height="5" rx="2" />
      </g>
      <path d="M64 34q14-6 28 0-4 18 2 30l24 72H40l24-72q6-12 0-30z" fill={KUMKUM} />
      <path d="M44 128h68" stroke={MARIGOLD} strokeWidth="4" strokeDasharray="2 3" />
      <path d="M70 36q8 10 16 0" stroke={MARIGOLD} strokeWidth="3" fill="none" />
      <path d="M148 30q14-6 28 0-4 20 0 40l4 62h-36l4-62q4-20 0-40z" fill={TEAL} />
      <path d="M146 120h32" stroke={MARIGOLD} strokeWidth="3" />
      <path d="M154 32q8 10 16 0" stroke={IVORY} strokeWidth="2" fill="none" />
    </Art>
  );
}
