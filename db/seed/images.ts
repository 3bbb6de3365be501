/**
 * Our own product art: ghost-mannequin garment silhouettes in the product's colours with a craft
 * motif, lit from the top left on the same backdrop, so the whole grid reads as one photo shoot.
 * Pure string building, no dependencies, deterministic output.
 */
import { type Art, CATEGORIES, COLOURS, type Motif, PRODUCTS, type SeedProduct, type Sleeves } from "./catalogue";

export interface GeneratedImage {
  key: string;
  body: string;
  contentType: "image/svg+xml";
  width: number;
  height: number;
  alt: string;
  /** The colour a product picture shows (one of the product's colour names); none for other art. */
  colour?: string;
}

const INK = "#2B2321";
const IVORY = "#FBF7F2";
const GOLD = "#D3A84E";
const W = 800;
const H = 1000;

// ---------- colour ----------

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + (y[i]! - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

const lightness = (hex: string) => {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

/** Darker and richer in the same hue (mixing with a dark neutral would turn pastels grey). */
function deepen(hex: string, k = 0.58, boost = 1.7): string {
  const c = rgb(hex).map((v) => v * k);
  const mean = (c[0]! + c[1]! + c[2]!) / 3;
  return `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, mean + (v - mean) * boost)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

const isNeutral = (hex: string) => {
  const c = rgb(hex);
  return Math.max(...c) - Math.min(...c) < 24;
};

// ---------- path building (x is an offset from the centre line, so shapes mirror cleanly) ----------

type Pt = [number, number];
/** [x,y] is a line, [cx,cy,x,y] a quadratic and [c1x,c1y,c2x,c2y,x,y] a cubic segment. */
type Seg = number[];

const pt = (x: number, y: number) => `${Math.round(W / 2 + x)} ${Math.round(y)}`;

function seg(s: Seg): string {
  const pairs: string[] = [];
  for (let i = 0; i < s.length; i += 2) pairs.push(pt(s[i]!, s[i + 1]!));
  return (s.length === 2 ? "L" : s.length === 4 ? "Q" : "C") + pairs.join(" ");
}

/** A closed shape symmetric about the centre: the right half is given top-down, the left is mirrored. */
function sym(start: Pt, segs: Seg[], bottom?: string): string {
  const ends: Pt[] = [start, ...segs.map((s) => [s[s.length - 2]!, s[s.length - 1]!] as Pt)];
  const end = ends[ends.length - 1]!;
  let d = `M${pt(...start)}${segs.map(seg).join("")}${bottom ?? seg([-end[0], end[1]])}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!;
    const ctrl: number[] = [];
    for (let j = s.length - 4; j >= 0; j -= 2) ctrl.push(-s[j]!, s[j + 1]!);
    d += seg([...ctrl, -ends[i]![0], ends[i]![1]]);
  }
  return `${d}Z`;
}

/** An open (line) or closed (shape) path; flip mirrors it to the other side. */
function path(start: Pt, segs: Seg[], { flip = false, close = false } = {}): string {
  const f = (s: number[]) => s.map((v, i) => (i % 2 || !flip ? v : -v));
  const [x, y] = f(start);
  return `M${pt(x!, y!)}${segs.map((s) => seg(f(s))).join("")}${close ? "Z" : ""}`;
}

/** A scalloped, gently curved hem from (w,y) to (-w,y): how a flared skirt falls seen from the front. */
function waves(w: number, y: number, n: number, sag: number): string {
  const at = (x: number) => y + sag * (1 - (x / w) ** 2);
  let d = "";
  for (let i = 1; i <= n; i++) {
    const x0 = w - (2 * w * (i - 1)) / n;
    const x1 = w - (2 * w * i) / n;
    d += seg([(x0 + x1) / 2, at((x0 + x1) / 2) + 20, x1, at(x1)]);
  }
  return d;
}

// ---------- garments ----------

/** A trim band: a stroke of width w along an edge, clipped to its piece, so w/2 shows inside. */
interface Band {
  d: string;
  w: number;
  /** Too small to matter in a banner. */
  fine?: boolean;
}
interface Piece {
  d: string;
  tone?: "main" | "alt" | "sheer";
  bands?: Band[];
}
/** Layers are drawn in order; a string is raw SVG (e.g. a neckline) that must sit between pieces. */
type Layer = Piece | string;
interface Garment {
  layers: Layer[];
  folds: string[];
  /** Half the widest extent and the lowest y, to fit the garment to the frame. */
  box: [number, number];
}

interface Look {
  art: Art;
  base: string;
  alt: string;
  /** Prefix for ids, so several figures can share one SVG. */
  id: string;
  /** Small-scale use (banners): drop the fine details nobody sees at that size, to keep files small. */
  lite?: boolean;
}

function sleevePieces(kind: Sleeves, tone: Piece["tone"] = "main"): Piece[] {
  const shapes: Record<Sleeves, Seg[]> = {
    short: [
      [156, 212, 176, 256, 182, 304],
      [128, 322],
      [120, 300],
    ],
    elbow: [
      [160, 216, 182, 300, 190, 410],
      [142, 422],
      [132, 380, 122, 350, 114, 330],
    ],
    "three-quarter": [
      [162, 218, 184, 320, 194, 470],
      [146, 482],
      [136, 420, 126, 372, 114, 332],
    ],
    full: [
      [162, 220, 188, 360, 198, 610],
      [156, 620],
      [146, 500, 132, 400, 114, 332],
    ],
  };
  const segs = shapes[kind];
  const [ox, oy] = segs[0]!.slice(-2) as Pt;
  const [ix, iy] = segs[1] as Pt;
  // The cuff band overshoots both cuff corners so, once clipped, it covers the whole cuff edge.
  return [false, true].map((flip) => ({
    d: path([118, 204], segs, { flip, close: true }),
    tone,
    bands: [
      {
        d: path([ox + (ox - ix) * 0.3, oy + (oy - iy) * 0.3], [[ix - (ox - ix) * 0.3, iy - (oy - iy) * 0.3]], { flip }),
        w: 30,
        fine: true,
      },
    ],
  }));
}

function neckline(look: Look, trim: string): string {
  const inner = deepen(look.base, 0.5, 1);
  const back = `C${pt(20, 177)} ${pt(-20, 177)} ${pt(-44, 187)}Z`;
  const trimStroke = (d: string) =>
    `<path d="${d}" fill="none" stroke="${trim}" stroke-width="${look.art.zari ? 12 : 7}" stroke-linejoin="round"/>`;
  if (look.art.neck === "mandarin") {
    const collar = `M${pt(-42, 170)}C${pt(-20, 177)} ${pt(20, 177)} ${pt(42, 170)}L${pt(45, 195)}C${pt(20, 202)} ${pt(-20, 202)} ${pt(-45, 195)}Z`;
    const buttons = [236, 272, 308].map((y) => `<circle cx="400" cy="${y}" r="5" fill="${trim}"/>`).join("");
    return (
      `<path d="M${pt(-40, 171)}C${pt(-20, 165)} ${pt(20, 165)} ${pt(40, 171)}C${pt(20, 179)} ${pt(-20, 179)} ${pt(-40, 171)}Z" fill="${inner}"/>` +
      `<path d="${collar}" fill="${look.base}"/><path d="${collar}" fill="url(#${look.id}m)" opacity=".5"/><path d="${collar}" fill="none" stroke="${trim}" stroke-width="4"/>` +
      `<path d="M400 200V330" stroke="${mix(look.base, INK, 0.5)}" stroke-width="3"/>${buttons}`
    );
  }
  const front =
    look.art.neck === "v"
      ? `M${pt(-44, 187)}L${pt(0, 274)}L${pt(44, 187)}`
      : `M${pt(-44, 187)}C${pt(-40, 248)} ${pt(40, 248)} ${pt(44, 187)}`;
  return `<path d="${front}${back}" fill="${inner}"/>${trimStroke(front)}`;
}

function kurtiBody(hemY: number, hemW: number): Piece {
  const [wx, wy] = [106, 450];
  const drop = hemY - wy;
  return {
    d: sym(
      [42, 188],
      [
        [128, 210],
        [132, 260, 120, 300, 116, 330],
        [110, 380, 104, 420, wx, wy],
        [wx + 4, wy + drop * 0.35, hemW - 4, hemY - drop * 0.4, hemW, hemY],
      ],
      seg([0, hemY + 14, -hemW, hemY]),
    ),
    bands: [{ d: path([hemW + 30, hemY - 4], [[0, hemY + 18, -hemW - 30, hemY - 4]]), w: 36 }],
  };
}

const verticalFolds = (xs: number[], top: number, bottom: number, spread: number) =>
  xs.map((x) => path([x, top], [[x * 1.05, (top + bottom) / 2, x * (1 + spread), bottom]]));

const flareFolds = (y0: number, w: number, y1: number, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const k = i - (n - 1) / 2;
    return path([k * 22, y0 + 12], [[(k * w) / (n + 1), y1 - 24]]);
  });

function garment(look: Look): Garment {
  const { art } = look;
  switch (art.silhouette) {
    case "kurti": {
      const [hemY, hemW] = art.hem === "short" ? [600, 128] : art.hem === "a-line" ? [840, 178] : [800, 130];
      const body = kurtiBody(hemY, hemW);
      return {
        layers: [...sleevePieces(art.sleeves), body, "NECK"],
        folds: verticalFolds([-58, 52], 470, hemY - 10, art.hem === "a-line" ? 0.7 : 0.15),
        box: [Math.max(200, hemW), hemY + 14],
      };
    }
    case "kurta-set": {
      const pants: Piece = {
        d: sym(
          [112, 620],
          [
            [130, 760, 148, 860, 162, 932],
            [14, 932],
            [4, 730],
          ],
        ),
        bands: [{ d: `M${pt(180, 932)}L${pt(-180, 932)}`, w: 26 }],
      };
      const dupatta: Piece = {
        d: path(
          [-54, 190],
          [
            [-120, 182, -152, 206, -164, 250],
            [-186, 460, -194, 680, -200, 892],
            [-124, 908],
            [-118, 700, -110, 480, -100, 310],
            [-92, 246, -80, 206, -54, 190],
          ],
          { close: true },
        ),
        tone: "sheer",
        bands: [{ d: `M${pt(-214, 888)}L${pt(-110, 912)}`, w: 56 }],
      };
      const tassels = [-192, -172, -152, -132].map((x, i) => `<circle cx="${W / 2 + x}" cy="${914 + i * 4}" r="5"/>`).join("");
      return {
        layers: [
          pants,
          ...sleevePieces(art.sleeves),
          kurtiBody(780, 150),
          "NECK",
          ...(art.dupatta === false ? [] : [dupatta, `<g fill="${GOLD}">${tassels}</g>`]),
        ],
        folds: [...verticalFolds([-56, 50], 480, 770, 0.4), ...verticalFolds([-80, 84], 800, 925, 0.3)],
        box: [214, 935],
      };
    }
    case "anarkali": {
      const skirt: Piece = {
        d: sym([98, 396], [[150, 520, 232, 760, 272, 920]], waves(272, 920, 8, 30)),
        bands: [{ d: `M${pt(272, 920)}${waves(272, 920, 8, 30)}`, w: 56 }],
      };
      const bodice: Piece = {
        d: sym(
          [42, 188],
          [
            [124, 210],
            [130, 260, 118, 300, 112, 328],
            [104, 360, 100, 384, 98, 408],
          ],
        ),
        bands: [{ d: `M${pt(110, 408)}L${pt(-110, 408)}`, w: 30 }],
      };
      return {
        layers: [...sleevePieces(art.sleeves), skirt, bodice, "NECK"],
        folds: flareFolds(400, 272 * 2, 940, 9),
        box: [272, 952],
      };
    }
    case "dress": {
      const [hemY, hemW] = art.hem === "midi" ? [770, 190] : [900, 226];
      const skirt: Piece = {
        d: sym([96, 412], [[126, 520, hemW - 14, hemY - 160, hemW, hemY]], seg([0, hemY + 26, -hemW, hemY])),
        bands: [{ d: path([hemW + 30, hemY - 4], [[0, hemY + 30, -hemW - 30, hemY - 4]]), w: 28 }],
      };
      const bodice: Piece = {
        d: sym(
          [46, 190],
          [
            [122, 212],
            [128, 258, 116, 300, 110, 326],
            [102, 370, 96, 396, 96, 420],
          ],
        ),
        bands: [{ d: `M${pt(110, 420)}L${pt(-110, 420)}`, w: 24 }],
      };
      const tiers = art.tiered
        ? [0.36, 0.68].map((t) => {
            const y = 412 + (hemY - 412) * t;
            const w = 96 + (hemW - 96) * t;
            return `<path d="M${pt(-w, y)}Q${pt(0, y + 16)} ${pt(w, y)}" fill="none" stroke="${mix(look.base, INK, 0.5)}" stroke-width="3" opacity=".6"/>`;
          })
        : [];
      return {
        layers: [...sleevePieces(art.sleeves), skirt, bodice, "NECK", ...tiers],
        folds: flareFolds(412, hemW * 2, hemY, 7),
        box: [Math.max(200, hemW), hemY + 26],
      };
    }
    case "coord": {
      const pants: Piece = {
        d: sym(
          [100, 552],
          [
            [106, 700, 112, 820, 118, 930],
            [18, 930],
            [6, 690],
          ],
        ),
        bands: [{ d: `M${pt(140, 930)}L${pt(-140, 930)}`, w: 24 }],
      };
      const top: Piece = {
        d: sym(
          [44, 190],
          [
            [130, 212],
            [134, 260, 128, 300, 124, 330],
            [126, 460, 130, 560, 132, 598],
          ],
          seg([0, 608, -132, 598]),
        ),
        bands: [{ d: path([160, 596], [[0, 612, -160, 596]]), w: 30 }],
      };
      return {
        layers: [pants, ...sleevePieces(art.sleeves), top, "NECK"],
        folds: [...verticalFolds([-60, 62], 630, 920, 0.05), ...verticalFolds([-50, 46], 420, 580, 0.2)],
        box: [200, 932],
      };
    }
    case "saree": {
      const hem: Band = { d: `M${pt(180, 928)}Q${pt(0, 950)} ${pt(-180, 928)}`, w: 60 };
      const palluBack: Piece = {
        d: path(
          [108, 206],
          [
            [150, 214, 172, 300, 178, 420],
            [184, 560, 188, 680, 192, 792],
            [124, 804],
            [120, 680, 116, 520, 110, 400],
          ],
          { close: true },
        ),
        bands: [
          {
            d: path(
              [112, 204],
              [
                [150, 214, 172, 300, 178, 420],
                [184, 560, 188, 680, 192, 792],
              ],
            ),
            w: 30,
          },
          { d: `M${pt(204, 790)}L${pt(112, 808)}`, w: 90 },
        ],
      };
      const skirt: Piece = { d: sym([104, 396], [[112, 560, 132, 760, 150, 932]], seg([0, 946, -150, 932])), bands: [hem] };
      const pleats: Piece = {
        d: path(
          [-26, 560],
          [
            [46, 560],
            [96, 936],
            [20, 950, -56, 936],
          ],
          { close: true },
        ),
        bands: [hem],
      };
      const blouse: Piece = {
        d: sym(
          [42, 188],
          [
            [124, 210],
            [130, 260, 122, 300, 116, 330],
            [106, 396],
          ],
        ),
        tone: "alt",
      };
      // The pallu crosses from the left hip over the right shoulder, as a nivi drape does.
      const edge1: Seg[] = [[-60, 330, -20, 250, 10, 186]];
      const edge2: Seg[] = [[70, 350, -10, 500, -110, 600]];
      const palluFront: Piece = {
        d: path([-110, 400], [...edge1, [128, 210], ...edge2], { close: true }),
        bands: [
          { d: path([-110, 400], edge1), w: 34 },
          { d: path([128, 210], edge2), w: 34 },
        ],
      };
      const pleatLines = [0, 1, 2, 3, 4].map((k) => path([-18 + k * 14, 600], [[-48 + k * 34, 930]]));
      return {
        layers: [palluBack, skirt, pleats, ...sleevePieces("short", "alt"), blouse, "NECK", palluFront],
        folds: [...pleatLines, ...verticalFolds([-70, 100], 600, 920, 0.2)],
        box: [204, 948],
      };
    }
    case "lehenga": {
      const skirt: Piece = {
        d: sym([100, 384], [[170, 520, 256, 760, 300, 924]], waves(300, 924, 10, 26)),
        bands: [
          { d: `M${pt(300, 924)}${waves(300, 924, 10, 26)}`, w: 84 },
          { d: `M${pt(300, 860)}${waves(300, 860, 10, 26)}`, w: 10 },
        ],
      };
      const choli: Piece = {
        d: sym(
          [42, 188],
          [
            [124, 210],
            [130, 260, 120, 300, 114, 330],
            [106, 392],
          ],
        ),
        bands: [{ d: `M${pt(120, 392)}L${pt(-120, 392)}`, w: 24 }],
      };
      const dupatta: Piece = {
        d: path(
          [-54, 190],
          [
            [-120, 182, -156, 206, -170, 250],
            [-200, 460, -216, 680, -236, 900],
            [-150, 916],
            [-136, 700, -118, 480, -100, 310],
            [-92, 246, -80, 206, -54, 190],
          ],
          { close: true },
        ),
        tone: "sheer",
        bands: [
          { d: path([-160, 240], [[-200, 460, -216, 680, -236, 900]]), w: 24 },
          { d: `M${pt(-250, 896)}L${pt(-136, 920)}`, w: 50 },
        ],
      };
      return {
        layers: [...sleevePieces("short"), skirt, choli, "NECK", dupatta],
        folds: flareFolds(392, 600, 940, 11),
        box: [300, 952],
      };
    }
  }
}

// ---------- motifs ----------

/** Motif tiles in user space so a print runs continuously across a garment's pieces. */
function motifPattern(motif: Motif, id: string, fg: string, accent: string, scale = 1): string {
  const tile = (size: number, body: string, rotate = 0) => {
    const t = [scale !== 1 ? `scale(${scale})` : "", rotate ? `rotate(${rotate})` : ""].filter(Boolean).join(" ");
    return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${t ? ` patternTransform="${t}"` : ""}>${body}</pattern>`;
  };
  switch (motif) {
    case "butta":
      return tile(
        56,
        `<g id="${id}b"><g fill="${fg}"><circle cx="14" cy="8.5" r="3"/><circle cx="19.2" cy="12.3" r="3"/><circle cx="17.2" cy="18.5" r="3"/><circle cx="10.8" cy="18.5" r="3"/><circle cx="8.8" cy="12.3" r="3"/></g><circle cx="14" cy="14" r="2.4" fill="${accent}"/></g><use href="#${id}b" x="28" y="28"/><g fill="${fg}" opacity=".7"><circle cx="42" cy="14" r="1.6"/><circle cx="14" cy="42" r="1.6"/></g>`,
      );
    case "paisley":
      return tile(
        64,
        `<g id="${id}p"><path d="M12 30C4 30 0 24 2 18C4 12 10 10 13 6C15 3 19 1 21 3C23 5 21 8 19 7C22 12 23 18 21 23C19 28 16 30 12 30Z" fill="${fg}"/><circle cx="11" cy="21" r="3.6" fill="${accent}"/></g><use href="#${id}p" x="32" y="32"/><circle cx="48" cy="12" r="2" fill="${fg}"/><circle cx="16" cy="46" r="2" fill="${fg}"/>`,
      );
    case "block":
      return tile(
        40,
        `<path d="M0 1H40M1 0V40" stroke="${fg}" stroke-width="2" opacity=".55"/><path d="M20 10l10 10-10 10-10-10z" fill="${fg}"/><circle cx="20" cy="20" r="3.5" fill="${accent}"/>`,
      );
    case "leheriya":
      return tile(
        30,
        `<path d="M0 5Q7.5 0 15 5T30 5" fill="none" stroke="${fg}" stroke-width="7"/><path d="M0 20Q7.5 15 15 20T30 20" fill="none" stroke="${accent}" stroke-width="3.5"/>`,
        -35,
      );
    case "bandhani":
      return tile(
        26,
        `<g fill="${fg}"><circle cx="13" cy="7.5" r="2"/><circle cx="18.5" cy="13" r="2"/><circle cx="13" cy="18.5" r="2"/><circle cx="7.5" cy="13" r="2"/><circle r="1.6"/><circle cx="26" r="1.6"/><circle cy="26" r="1.6"/><circle cx="26" cy="26" r="1.6"/></g><circle cx="13" cy="13" r="1.7" fill="${accent}"/>`,
      );
    case "stripes":
      return tile(
        40,
        `<rect width="6" height="40" fill="${fg}"/><rect x="13" width="2" height="40" fill="${accent}"/><rect x="20" width="2" height="40" fill="${fg}" opacity=".6"/>`,
      );
  }
}

/**
 * Motif ink that reads on the ground colour: gold or cream on dark cloth, a deep tone of the cloth on
 * light cloth, and the second colour on near-white cloth (white on white vanishes at thumbnail size).
 */
function inkFor(ground: string, zari: boolean, second = ground): string {
  if (lightness(ground) < 0.5) return zari ? GOLD : mix(ground, "#FFF6E6", 0.72);
  return deepen(isNeutral(ground) && !isNeutral(second) ? second : ground);
}

// ---------- rendering ----------

/**
 * Shared by every figure in an SVG: the light falls from the top left (highlight on the left of each
 * piece, shade on the right) and the soft cast shadow is blurred the same way everywhere.
 */
const LIGHT_DEFS =
  `<linearGradient id="s"><stop stop-color="#fff" stop-opacity=".22"/><stop offset=".4" stop-color="#fff" stop-opacity="0"/><stop offset=".6" stop-opacity="0"/><stop offset="1" stop-opacity=".3"/></linearGradient>` +
  `<filter id="f" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>`;

/** One garment figure: defs and drawing, with ids prefixed so figures can share an SVG. */
function figure(look: Look): { defs: string; body: string; box: [number, number] } {
  const { id, art, base, alt } = look;
  const ink = inkFor(base, art.zari, alt);
  const trim = art.zari ? GOLD : ink;
  const { layers, folds, box } = garment(look);
  // Lite figures print their dupatta or blouse with the main motif too: one pattern fewer per figure.
  const altMotif = !look.lite && layers.some((l) => typeof l !== "string" && l.tone && l.tone !== "main");

  let defs =
    motifPattern(art.motif, `${id}m`, ink, mix(alt, ink, 0.35)) +
    (altMotif ? motifPattern("butta", `${id}n`, inkFor(alt, art.zari, base), mix(base, GOLD, 0.3)) : "") +
    (look.lite ? "" : `<path id="${id}k" d="${folds.join("")}"/>`);
  let shadow = "";
  let body = "";
  let i = 0;
  for (const layer of layers) {
    if (typeof layer === "string") {
      if (layer === "NECK") body += neckline(look, trim);
      else if (!look.lite) body += layer;
      continue;
    }
    const pid = `${id}${i++}`;
    defs += `<path id="${pid}" d="${layer.d}"/>`;
    shadow += `<use href="#${pid}"/>`;
    const onAlt = layer.tone === "alt" || layer.tone === "sheer";
    const bandList = layer.bands?.filter((b) => !(look.lite && b.fine)) ?? [];
    let bands = "";
    if (bandList.length) {
      const bandInk = onAlt && !art.zari ? inkFor(alt, false, base) : trim;
      defs += `<clipPath id="c${pid}"><use href="#${pid}"/></clipPath>`;
      // Each band path is stored once and stroked twice: a wide trim, then a dotted darker line on it.
      let wide = "";
      let dotted = "";
      bandList.forEach((b, j) => {
        defs += `<path id="${pid}b${j}" d="${b.d}"/>`;
        wide += `<use href="#${pid}b${j}" stroke-width="${b.w}"/>`;
        dotted += `<use href="#${pid}b${j}" stroke-width="${Math.round(b.w * 0.6)}"/>`;
      });
      const dots = look.lite ? "" : `<g stroke="${mix(bandInk, INK, 0.4)}" stroke-dasharray="3 7">${dotted}</g>`;
      bands = `<g clip-path="url(#c${pid})" fill="none"><g stroke="${bandInk}">${wide}</g>${dots}</g>`;
    }
    const group =
      `<use href="#${pid}" fill="${onAlt ? alt : base}"/><use href="#${pid}" fill="url(#${id}${onAlt && altMotif ? "n" : "m"})"/>` +
      `${bands}<use href="#${pid}" fill="url(#s)"/>`;
    body += layer.tone === "sheer" ? `<g opacity=".9">${group}</g>` : group;
  }
  if (!look.lite)
    body +=
      `<g fill="none" stroke-linecap="round"><use href="#${id}k" stroke="#000" stroke-opacity=".13" stroke-width="5"/>` +
      `<use href="#${id}k" x="-6" stroke="#fff" stroke-opacity=".14" stroke-width="3"/></g>`;
  // The cast shadow falls down and to the right: the key light is always at the top left.
  return {
    defs,
    body: `<g transform="translate(18 14)" fill="#4a3428" opacity=".2" filter="url(#f)">${shadow}</g>${body}`,
    box,
  };
}

const svg = (w: number, h: number, inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${inner}</svg>`;

function backdrop(tint: string, w = W, h = H): { defs: string; body: string } {
  return {
    defs:
      `<linearGradient id="bg" x2="0" y2="1"><stop stop-color="${mix("#F5EFE7", tint, 0.06)}"/><stop offset="1" stop-color="${mix("#E7DCCE", tint, 0.08)}"/></linearGradient>` +
      `<radialGradient id="lt" cx=".25" cy=".15" r=".8"><stop stop-color="#fff" stop-opacity=".6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    body: `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#lt)"/>`,
  };
}

/** Garments tops sit at y 162; each is scaled to fill the frame the same way, centred like a packshot. */
function frameTransform([halfWidth, bottom]: [number, number]): string {
  const s = Math.min(1.28, 820 / (bottom - 162), 350 / halfWidth);
  const r = (n: number) => Math.round(n * 100) / 100;
  return `translate(${r(400 - 400 * s)} ${r(500 - ((162 + bottom) / 2) * s)}) scale(${r(s)})`;
}

function frontView(art: Art, base: string, alt: string): string {
  const bg = backdrop(base);
  const fig = figure({ art, base, alt, id: "g" });
  return svg(W, H, `<defs>${bg.defs}${LIGHT_DEFS}${fig.defs}</defs>${bg.body}<g transform="${frameTransform(fig.box)}">${fig.body}</g>`);
}

/** A close-up of the cloth: the motif at 2.6x with a border and satin folds, lit like the front view. */
function detailView(art: Art, base: string, alt: string): string {
  const ink = inkFor(base, art.zari, alt);
  const trim = art.zari ? GOLD : ink;
  const dark = mix(trim, INK, 0.4);
  return svg(
    W,
    H,
    `<defs>${motifPattern(art.motif, "m", ink, mix(alt, ink, 0.35), 2.6)}<linearGradient id="s" x2="1" y2="1"><stop stop-color="#fff" stop-opacity=".2"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-opacity=".32"/></linearGradient></defs>` +
      `<rect width="800" height="1000" fill="${base}"/><rect width="800" height="1000" fill="url(#m)"/>` +
      `<rect y="770" width="800" height="130" fill="${trim}"/><path d="M0 800H800M0 872H800" stroke="${dark}" stroke-width="10" stroke-dasharray="4 10"/><path d="M0 836H800" stroke="${dark}" stroke-width="18" stroke-dasharray="18 10"/>` +
      `<path d="M0 150C220 90 520 250 800 140V300C540 400 240 250 0 330Z" fill="#fff" opacity=".12"/><path d="M0 470C260 400 560 560 800 450V520C560 640 260 480 0 560Z" fill="#000" opacity=".14"/>` +
      `<rect width="800" height="1000" fill="url(#s)"/>`,
  );
}

// ---------- catalogue images ----------

const productImageKey = (slug: string, n: number) => `products/${slug}-${n}.svg`;

/**
 * A front view in each colour (the first colour's first), then a close-up of the cloth, which is
 * drawn in the first colour. Each picture is tagged with the colour it shows, so choosing a colour
 * on the product page brings its pictures first.
 */
export function productImages(p: SeedProduct): GeneratedImage[] {
  const [c1, c2] = [p.colours[0]!, p.colours[1] ?? p.colours[0]!];
  const img = (n: number, body: string, alt: string, colour: string): GeneratedImage => ({
    key: productImageKey(p.slug, n),
    body,
    contentType: "image/svg+xml",
    width: W,
    height: H,
    alt,
    colour,
  });
  const front = (n: number, c: { name: string; hex: string }, other: { hex: string }) =>
    img(n, frontView(p.art, c.hex, other.hex), `${p.name}, front view, in ${c.name.toLowerCase()}`, c.name);
  // Keys 1-3 are the pictures every product has had from the start; a third colour and beyond come after.
  const more = p.colours.slice(2).map((c, i) => front(4 + i, c, c1));
  return [
    front(1, c1, c2),
    ...(p.colours.length > 1 ? [front(2, c2, c1)] : []),
    ...more,
    img(3, detailView(p.art, c1.hex, c2.hex), `${p.name}, close-up of the fabric (${p.patternPrint}, ${p.fabric})`, c1.name),
  ];
}

interface CategoryArt {
  art: Art;
  base: string;
  alt: string;
  ring: string;
  noun: string;
}

const art = (a: Partial<Art> & Pick<Art, "silhouette" | "motif">): Art => ({
  neck: "round",
  sleeves: "three-quarter",
  zari: false,
  ...a,
});

const CATEGORY_ART: Record<string, CategoryArt> = {
  kurtis: {
    art: art({ silhouette: "kurti", motif: "block" }),
    base: COLOURS.Indigo,
    alt: COLOURS.Rust,
    ring: "#DCE0EC",
    noun: "an indigo block-print kurti",
  },
  "kurta-sets": {
    art: art({ silhouette: "kurta-set", motif: "block" }),
    base: COLOURS.Rust,
    alt: COLOURS.Indigo,
    ring: "#F1DDD3",
    noun: "a rust kurta set with dupatta",
  },
  anarkali: {
    art: art({ silhouette: "anarkali", motif: "butta", zari: true }),
    base: COLOURS["Kumkum Red"],
    alt: COLOURS.Emerald,
    ring: "#F2D9DC",
    noun: "a red Anarkali with gold butta",
  },
  dresses: {
    art: art({ silhouette: "dress", motif: "leheriya", sleeves: "short", hem: "maxi" }),
    base: COLOURS.Sage,
    alt: COLOURS.Coral,
    ring: "#E1E9DE",
    noun: "a sage leheriya maxi dress",
  },
  sarees: {
    art: art({ silhouette: "saree", motif: "butta", zari: true, sleeves: "short" }),
    base: COLOURS.Emerald,
    alt: COLOURS.Magenta,
    ring: "#D8EBE3",
    noun: "an emerald silk saree",
  },
  "co-ord-sets": {
    art: art({ silhouette: "coord", motif: "paisley", sleeves: "elbow" }),
    base: COLOURS.Teal,
    alt: COLOURS.Mustard,
    ring: "#D5E7E5",
    noun: "a teal paisley co-ord set",
  },
  lehengas: {
    art: art({ silhouette: "lehenga", motif: "butta", zari: true }),
    base: COLOURS.Maroon,
    alt: COLOURS.Marigold,
    ring: "#F3E3CC",
    noun: "a maroon lehenga with gold border",
  },
};

/** Fits a figure (drawn on the 800x1000 canvas, garments spanning y 165-955) into a box. */
const place = (cx: number, bottom: number, scale: number) =>
  `translate(${Math.round(cx - 400 * scale)} ${Math.round(bottom - 955 * scale)}) scale(${scale})`;

function categoryIcon(slug: string, name: string): GeneratedImage {
  const c = CATEGORY_ART[slug]!;
  const fig = figure({ art: c.art, base: c.base, alt: c.alt, id: "g" });
  return {
    key: `categories/${slug}.svg`,
    body: svg(
      400,
      400,
      `<defs>${LIGHT_DEFS}${fig.defs}</defs><rect width="400" height="400" fill="${IVORY}"/><circle cx="200" cy="200" r="186" fill="${c.ring}"/><circle cx="200" cy="200" r="186" fill="none" stroke="${GOLD}" stroke-width="3" opacity=".6"/><g transform="${place(200, 372, 0.38)}">${fig.body}</g>`,
    ),
    contentType: "image/svg+xml",
    width: 400,
    height: 400,
    alt: `${name}: ${c.noun}`,
  };
}

interface Banner {
  key: string;
  alt: string;
  ground: [string, string];
  /** A faint all-over print on the backdrop, as a <pattern id="bp">. */
  pattern: string;
  arch: string;
  figures: (keyof typeof CATEGORY_ART)[];
}

const BANNERS: Banner[] = [
  {
    key: "banners/hero-1.svg",
    alt: "An Anarkali, a silk saree and a block-print kurti under marigold arches on a warm ivory backdrop",
    ground: ["#FBF3E6", "#EBDCC8"],
    pattern: motifPattern("paisley", "bp", "#E39B2D", "#E39B2D", 1.4),
    arch: "#F3D9A8",
    figures: ["anarkali", "sarees", "kurtis"],
  },
  {
    key: "banners/hero-2.svg",
    alt: "A festive lehenga, Anarkali and kurta set under gold arches on a deep kumkum red backdrop",
    ground: ["#8A1C2B", "#5C1220"],
    pattern: `<pattern id="bp" width="48" height="48" patternUnits="userSpaceOnUse"><g fill="#E3B55A"><circle cx="12" cy="12" r="3"/><circle cx="36" cy="36" r="3"/></g></pattern>`,
    arch: "#F0DFC4",
    figures: ["anarkali", "lehengas", "kurta-sets"],
  },
  {
    key: "banners/hero-3.svg",
    alt: "A co-ord set, a leheriya maxi dress and a kurti on a calm sage backdrop",
    ground: ["#EEF1EA", "#D9E1D4"],
    pattern: motifPattern("leheriya", "bp", "#1F5F5B", "#1F5F5B", 1.4),
    arch: "#C9D6C6",
    figures: ["co-ord-sets", "dresses", "kurtis"],
  },
];

/** Wide banners keep the left ~45% calm for the headline the page overlays in HTML. */
function banner(b: Banner): GeneratedImage {
  const [w, h] = [1600, 700];
  let defs = `${LIGHT_DEFS}<linearGradient id="bg" x2="0" y2="1"><stop stop-color="${b.ground[0]}"/><stop offset="1" stop-color="${b.ground[1]}"/></linearGradient>${b.pattern}`;
  let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#bp)" opacity=".1"/>`;
  b.figures.forEach((slug, i) => {
    const c = CATEGORY_ART[slug]!;
    const cx = 880 + i * 290;
    const fig = figure({ art: c.art, base: c.base, alt: c.alt, id: `f${i}`, lite: true });
    defs += fig.defs;
    body +=
      `<path d="M${cx - 125} ${h + 4}V250Q${cx - 125} 120 ${cx} 70Q${cx + 125} 120 ${cx + 125} 250V${h + 4}Z" fill="${b.arch}" stroke="${GOLD}" stroke-width="4" stroke-opacity=".7"/>` +
      `<g transform="${place(cx, 668, Math.min(0.6, 160 / fig.box[0]))}">${fig.body}</g>`;
  });
  return { key: b.key, body: svg(w, h, `<defs>${defs}</defs>${body}`), contentType: "image/svg+xml", width: w, height: h, alt: b.alt };
}

function placeholder(): GeneratedImage {
  const bg = backdrop("#EADFD3");
  // A bare hanger: reads as "image coming" without pretending to be a product.
  return {
    key: "placeholder.svg",
    body: svg(
      W,
      H,
      `<defs>${bg.defs}</defs>${bg.body}<g fill="none" stroke="#B9A99A" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"><path d="M400 430v-28c0-20 30-22 30-46s-14-36-30-36-30 12-30 30"/><path d="M400 430L190 560h420z"/></g>`,
    ),
    contentType: "image/svg+xml",
    width: W,
    height: H,
    alt: "Image coming soon",
  };
}

/** Every image the demo shop needs, keyed by its path under /media/. */
export function buildImages(products: SeedProduct[] = PRODUCTS): GeneratedImage[] {
  return [
    ...products.flatMap(productImages),
    ...CATEGORIES.map((c) => categoryIcon(c.slug, c.name)),
    ...BANNERS.map(banner),
    placeholder(),
  ];
}
