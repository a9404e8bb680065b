// A tiny SVG toolkit for the demo illustrations: a canvas that collects <defs> and body
// markup, plus reusable motifs (windows, code lines, charts, phones, clouds, people).
// Everything is deterministic: the only randomness comes from a seeded PRNG.

export type Stop = readonly [offset: number, color: string, opacity?: number];

/** mulberry32: small, fast, good enough for picking shapes; same seed, same image. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r2 = (n: number) => Math.round(n * 100) / 100;

export class Canvas {
  private defs: string[] = [];
  private body: string[] = [];
  private n = 0;

  constructor(
    readonly w: number,
    readonly h: number,
  ) {}

  id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(...markup: string[]): void {
    this.body.push(...markup);
  }

  /** Linear gradient from (x1,y1) to (x2,y2) in bounding-box units; returns `url(#id)`. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 1, y2 = 1): string {
    const id = this.id("lg");
    this.def(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Linear gradient in user space (absolute coordinates), for strokes and thin shapes. */
  linearAbs(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id("la");
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${r2(x1)}" y1="${r2(y1)}" x2="${r2(x2)}" y2="${r2(y2)}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id("rg");
    this.def(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A soft coloured light: a circle filled with a radial gradient fading to transparent. */
  glow(cx: number, cy: number, r: number, color: string, opacity: number): void {
    const fill = this.radial([
      [0, color, opacity],
      [0.45, color, opacity * 0.45],
      [1, color, 0],
    ]);
    this.add(`<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}" fill="${fill}"/>`);
  }

  /** A faint grid of lines, fading out from (cx, cy). */
  grid(step: number, color: string, opacity: number, cx = 0.5, cy = 0.5, reach = 0.7): void {
    const pid = this.id("gp");
    const mid = this.id("gm");
    const fade = this.radial(
      [
        [0, "#fff", 1],
        [1, "#fff", 0],
      ],
      cx,
      cy,
      reach,
    );
    this.def(
      `<pattern id="${pid}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><path d="M ${step} 0 L 0 0 0 ${step}" fill="none" stroke="${color}" stroke-width="1"/></pattern>`,
    );
    this.def(
      `<mask id="${mid}"><rect width="${this.w}" height="${this.h}" fill="${fade}"/></mask>`,
    );
    this.add(
      `<rect width="${this.w}" height="${this.h}" fill="url(#${pid})" opacity="${opacity}" mask="url(#${mid})"/>`,
    );
  }

  /** A faint dot grid, fading out from (cx, cy). */
  dots(step: number, radius: number, color: string, opacity: number, cx = 0.5, cy = 0.5): void {
    const pid = this.id("dp");
    const mid = this.id("dm");
    const fade = this.radial(
      [
        [0, "#fff", 1],
        [1, "#fff", 0],
      ],
      cx,
      cy,
      0.6,
    );
    this.def(
      `<pattern id="${pid}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><circle cx="${step / 2}" cy="${step / 2}" r="${radius}" fill="${color}"/></pattern>`,
    );
    this.def(
      `<mask id="${mid}"><rect width="${this.w}" height="${this.h}" fill="${fade}"/></mask>`,
    );
    this.add(
      `<rect width="${this.w}" height="${this.h}" fill="url(#${pid})" opacity="${opacity}" mask="url(#${mid})"/>`,
    );
  }

  /** A drop shadow filter id, for floating cards. */
  shadow(blur = 18, dy = 14, opacity = 0.35): string {
    const id = this.id("sh");
    this.def(
      `<filter id="${id}" x="-30%" y="-30%" width="160%" height="170%"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dy="${dy}" result="b"/><feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    );
    return `url(#${id})`;
  }

  blur(std: number): string {
    const id = this.id("bl");
    this.def(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** Fine film grain; hides gradient banding after lossy compression. */
  grain(opacity = 0.05, seed = 3): void {
    const id = this.id("gr");
    this.def(
      `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${seed}" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter>`,
    );
    this.add(
      `<rect width="${this.w}" height="${this.h}" filter="url(#${id})" opacity="${opacity}"/>`,
    );
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`,
    )
    .join("");
}

// ---------------------------------------------------------------------------------------
// Primitive helpers

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
  extra = "",
): string {
  return `<rect x="${r2(x)}" y="${r2(y)}" width="${r2(w)}" height="${r2(h)}" rx="${r2(r)}" fill="${fill}" ${extra}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}" fill="${fill}" ${extra}/>`;
}

export function group(content: string | string[], attrs = ""): string {
  return `<g ${attrs}>${Array.isArray(content) ? content.join("") : content}</g>`;
}

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
export function smoothPath(points: readonly (readonly [number, number])[]): string {
  if (points.length === 0) return "";
  const p = points;
  const first = p[0] as readonly [number, number];
  let d = `M ${r2(first[0])} ${r2(first[1])}`;
  for (let i = 0; i < p.length - 1; i++) {
    const p0 = p[Math.max(0, i - 1)] as readonly [number, number];
    const p1 = p[i] as readonly [number, number];
    const p2 = p[i + 1] as readonly [number, number];
    const p3 = p[Math.min(p.length - 1, i + 2)] as readonly [number, number];
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += ` C ${r2(c1x)} ${r2(c1y)}, ${r2(c2x)} ${r2(c2y)}, ${r2(p2[0])} ${r2(p2[1])}`;
  }
  return d;
}

/** SVG arc path from angle a0 to a1 (degrees, 0 = 12 o'clock, clockwise). */
export function arc(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const pt = (a: number) => {
    const rad = ((a - 90) * Math.PI) / 180;
    return [cx + r * Math.cos(rad), cy + r * Math.sin(rad)] as const;
  };
  const [x0, y0] = pt(a0);
  const [x1, y1] = pt(a1);
  const large = a1 - a0 > 180 ? 1 : 0;
  return `M ${r2(x0)} ${r2(y0)} A ${r2(r)} ${r2(r)} 0 ${large} 1 ${r2(x1)} ${r2(y1)}`;
}

// ---------------------------------------------------------------------------------------
// Motifs

export interface WindowOpts {
  fill?: string;
  stroke?: string;
  bar?: string;
  radius?: number;
  shadow?: string;
  light?: boolean;
}

/** Browser/app window chrome; returns the content box below the title bar. */
export function windowFrame(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: WindowOpts = {},
): { x: number; y: number; w: number; h: number } {
  const r = opts.radius ?? 18;
  const light = opts.light ?? false;
  const fill = opts.fill ?? (light ? "#ffffff" : "#0f172a");
  const stroke = opts.stroke ?? (light ? "rgba(15,23,42,0.08)" : "rgba(255,255,255,0.12)");
  const bar = opts.bar ?? (light ? "#f1f5f9" : "rgba(255,255,255,0.05)");
  const barH = 40;
  const clip = c.id("wc");
  c.def(`<clipPath id="${clip}">${rect(x, y, w, h, r, "#000")}</clipPath>`);
  c.add(
    group(
      [
        rect(x, y, w, h, r, fill, `stroke="${stroke}" stroke-width="1.5"`),
        group(rect(x, y, w, barH, 0, bar), `clip-path="url(#${clip})"`),
        circle(x + 22, y + barH / 2, 6, "#ff5f57"),
        circle(x + 42, y + barH / 2, 6, "#febc2e"),
        circle(x + 62, y + barH / 2, 6, "#28c840"),
        rect(
          x + w * 0.3,
          y + 11,
          w * 0.4,
          18,
          9,
          light ? "rgba(15,23,42,0.06)" : "rgba(255,255,255,0.07)",
        ),
      ],
      opts.shadow ? `filter="${opts.shadow}"` : "",
    ),
  );
  return { x, y: y + barH, w, h: h - barH };
}

/** Rows of rounded "tokens" that read as source code at a glance. */
export function codeLines(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  rows: number,
  palette: readonly string[],
  seed: number,
  opts: { lineH?: number; tokenH?: number; gutter?: boolean; dim?: string } = {},
): void {
  const rand = rng(seed);
  const lineH = opts.lineH ?? 26;
  const tokenH = opts.tokenH ?? 10;
  const out: string[] = [];
  let indent = 0;
  for (let i = 0; i < rows; i++) {
    const ly = y + i * lineH;
    if (opts.gutter !== false) {
      out.push(rect(x, ly, 14, tokenH, tokenH / 2, opts.dim ?? "rgba(255,255,255,0.12)"));
    }
    if (rand() < 0.12 && i > 0) continue; // blank line
    const roll = rand();
    if (roll < 0.3 && indent < 3) indent += 1;
    else if (roll > 0.75 && indent > 0) indent -= 1;
    let tx = x + 34 + indent * 26;
    const tokens = 1 + Math.floor(rand() * 4);
    for (let t = 0; t < tokens; t++) {
      const tw = 24 + rand() * 90;
      if (tx + tw > x + w) break;
      const color = palette[Math.floor(rand() * palette.length)] ?? "#fff";
      out.push(rect(tx, ly, tw, tokenH, tokenH / 2, color));
      tx += tw + 10;
    }
  }
  c.add(...out);
}

/** Line chart with a gradient area below; points trend upwards. */
export function lineChart(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  seed: number,
  opts: { points?: number; rise?: number; width?: number; area?: number; dot?: boolean } = {},
): void {
  const rand = rng(seed);
  const n = opts.points ?? 9;
  const rise = opts.rise ?? 0.65;
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const base = 0.85 - t * rise;
    const wobble = (rand() - 0.5) * 0.28;
    pts.push([x + t * w, y + h * Math.min(0.95, Math.max(0.05, base + wobble))]);
  }
  const line = smoothPath(pts);
  const last = pts[pts.length - 1] as [number, number];
  const areaFill = c.linear(
    [
      [0, color, opts.area ?? 0.35],
      [1, color, 0],
    ],
    0,
    0,
    0,
    1,
  );
  c.add(
    `<path d="${line} L ${r2(x + w)} ${r2(y + h)} L ${r2(x)} ${r2(y + h)} Z" fill="${areaFill}"/>`,
    `<path d="${line}" fill="none" stroke="${color}" stroke-width="${opts.width ?? 4}" stroke-linecap="round"/>`,
  );
  if (opts.dot !== false) {
    c.add(
      circle(last[0], last[1], 11, color, 'opacity="0.25"'),
      circle(last[0], last[1], 6, "#fff"),
      circle(last[0], last[1], 3.5, color),
    );
  }
}

/** Vertical bars, rounded at the top. */
export function bars(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  colors: readonly string[],
  seed: number,
  count = 7,
  rising = true,
): void {
  const rand = rng(seed);
  const gap = (w / count) * 0.35;
  const bw = (w - gap * (count - 1)) / count;
  for (let i = 0; i < count; i++) {
    const t = rising ? 0.3 + (0.65 * i) / (count - 1) : 0.35 + rand() * 0.6;
    const bh = h * Math.min(1, t + (rand() - 0.5) * 0.2);
    const color = colors[i % colors.length] ?? "#fff";
    c.add(rect(x + i * (bw + gap), y + h - bh, bw, bh, Math.min(8, bw / 3), color));
  }
}

/** Donut / ring progress. */
export function ring(
  c: Canvas,
  cx: number,
  cy: number,
  r: number,
  sw: number,
  fraction: number,
  color: string,
  track = "rgba(255,255,255,0.1)",
): void {
  const len = 2 * Math.PI * r;
  c.add(
    circle(cx, cy, r, "none", `stroke="${track}" stroke-width="${sw}"`),
    circle(
      cx,
      cy,
      r,
      "none",
      `stroke="${color}" stroke-width="${sw}" stroke-linecap="round" stroke-dasharray="${r2(len * fraction)} ${r2(len)}" transform="rotate(-90 ${cx} ${cy})"`,
    ),
  );
}

/** A smartphone; returns the screen box. */
export function phone(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { body?: string; screen?: string; shadow?: string; rotate?: number } = {},
): { x: number; y: number; w: number; h: number } {
  const r = w * 0.16;
  const bezel = w * 0.045;
  const body = opts.body ?? "#0b1020";
  const screen = opts.screen ?? "#111827";
  const attrs = [
    opts.shadow ? `filter="${opts.shadow}"` : "",
    opts.rotate ? `transform="rotate(${opts.rotate} ${x + w / 2} ${y + h / 2})"` : "",
  ].join(" ");
  c.add(
    group(
      [
        rect(x, y, w, h, r, body, 'stroke="rgba(255,255,255,0.18)" stroke-width="2"'),
        rect(x + bezel, y + bezel, w - 2 * bezel, h - 2 * bezel, r - bezel, screen),
        rect(x + w * 0.36, y + bezel + 8, w * 0.28, 14, 7, body),
      ],
      attrs,
    ),
  );
  return { x: x + bezel, y: y + bezel, w: w - 2 * bezel, h: h - 2 * bezel };
}

/** A puffy cloud built from circles, drawn as one shape so opacity applies to the whole. */
export function cloudShape(cx: number, cy: number, s: number, fill: string, extra = ""): string {
  const parts = [
    circle(cx - 0.55 * s, cy + 0.1 * s, 0.42 * s, fill),
    circle(cx - 0.1 * s, cy - 0.22 * s, 0.58 * s, fill),
    circle(cx + 0.5 * s, cy - 0.02 * s, 0.45 * s, fill),
    rect(cx - 0.95 * s, cy + 0.05 * s, 1.85 * s, 0.47 * s, 0.23 * s, fill),
  ];
  return group(parts, extra);
}

/** Wireframe globe. */
export function globe(cx: number, cy: number, r: number, stroke: string, sw = 3): string {
  const lines = [
    circle(cx, cy, r, "none", `stroke="${stroke}" stroke-width="${sw}"`),
    `<ellipse cx="${cx}" cy="${cy}" rx="${r2(r * 0.45)}" ry="${r}" fill="none" stroke="${stroke}" stroke-width="${sw}"/>`,
    `<line x1="${cx}" y1="${cy - r}" x2="${cx}" y2="${cy + r}" stroke="${stroke}" stroke-width="${sw}"/>`,
    `<line x1="${cx - r}" y1="${cy}" x2="${cx + r}" y2="${cy}" stroke="${stroke}" stroke-width="${sw}"/>`,
    `<path d="M ${r2(cx - r * 0.87)} ${r2(cy - r * 0.5)} Q ${cx} ${r2(cy - r * 0.62)} ${r2(cx + r * 0.87)} ${r2(cy - r * 0.5)}" fill="none" stroke="${stroke}" stroke-width="${sw}"/>`,
    `<path d="M ${r2(cx - r * 0.87)} ${r2(cy + r * 0.5)} Q ${cx} ${r2(cy + r * 0.38)} ${r2(cx + r * 0.87)} ${r2(cy + r * 0.5)}" fill="none" stroke="${stroke}" stroke-width="${sw}"/>`,
  ];
  return group(lines, 'stroke-linecap="round"');
}

/** A glassy card; light or dark. */
export function glassCard(
  x: number,
  y: number,
  w: number,
  h: number,
  r = 18,
  opts: { fill?: string; stroke?: string; shadow?: string } = {},
): string {
  return rect(
    x,
    y,
    w,
    h,
    r,
    opts.fill ?? "rgba(255,255,255,0.07)",
    `stroke="${opts.stroke ?? "rgba(255,255,255,0.14)"}" stroke-width="1.5"${opts.shadow ? ` filter="${opts.shadow}"` : ""}`,
  );
}

/** A rack server unit with blinking LEDs. */
export function server(x: number, y: number, w: number, units: number, accent: string): string {
  const uh = 34;
  const parts = [
    rect(x, y, w, units * (uh + 8) + 8, 12, "#0f1b33", 'stroke="rgba(255,255,255,0.14)"'),
  ];
  for (let i = 0; i < units; i++) {
    const uy = y + 8 + i * (uh + 8);
    parts.push(rect(x + 8, uy, w - 16, uh, 7, "#17284a"));
    parts.push(circle(x + 24, uy + uh / 2, 4.5, i % 3 === 1 ? "#fbbf24" : accent));
    parts.push(circle(x + 40, uy + uh / 2, 4.5, "rgba(255,255,255,0.25)"));
    for (let k = 0; k < 4; k++) {
      parts.push(rect(x + w - 30 - k * 14, uy + 9, 6, uh - 18, 3, "rgba(255,255,255,0.16)"));
    }
  }
  return group(parts);
}

/** A magnifying glass icon. */
export function magnifier(cx: number, cy: number, r: number, stroke: string, sw: number): string {
  const hx = cx + r * 0.72;
  const hy = cy + r * 0.72;
  return group(
    [
      circle(cx, cy, r, "none", `stroke="${stroke}" stroke-width="${sw}"`),
      `<line x1="${r2(hx)}" y1="${r2(hy)}" x2="${r2(hx + r * 0.6)}" y2="${r2(hy + r * 0.6)}" stroke="${stroke}" stroke-width="${sw * 1.3}" stroke-linecap="round"/>`,
    ],
    "",
  );
}

/** Small avatar dot: a circle with a head-and-shoulders glyph. */
export function miniAvatar(cx: number, cy: number, r: number, bg: string, fg = "#fff"): string {
  const clip = `ma${Math.round(cx)}_${Math.round(cy)}`;
  return group([
    `<clipPath id="${clip}"><circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}"/></clipPath>`,
    circle(cx, cy, r, bg),
    group(
      [
        circle(cx, cy - r * 0.18, r * 0.34, fg, 'opacity="0.9"'),
        `<ellipse cx="${r2(cx)}" cy="${r2(cy + r * 0.78)}" rx="${r2(r * 0.62)}" ry="${r2(r * 0.5)}" fill="${fg}" opacity="0.9"/>`,
      ],
      `clip-path="url(#${clip})"`,
    ),
  ]);
}
