// Stylised, faceless head-and-shoulders portraits in a flat editorial style. Each person is a
// handful of parameters (skin, hair, clothes, background) so the set looks varied but coherent.
import { arc, Canvas, circle, group, rect } from "./svg";

export type HairStyle = "short" | "sidepart" | "long" | "bun" | "curly" | "buzz" | "bob" | "wavy";

export interface Person {
  file: string;
  bg: readonly [string, string];
  skin: string;
  hair: string;
  style: HairStyle;
  shirt: string;
  jacket?: string;
  glasses?: string;
  beard?: boolean;
  accent?: string;
}

/** Darken (amount < 0) or lighten (amount > 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const t = amount < 0 ? 0 : 255;
    return Math.round(v + (t - v) * Math.abs(amount));
  });
  return `#${ch.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

const HX = 200; // head centre
const HY = 170;

function hairBack(p: Person): string {
  const h = p.hair;
  switch (p.style) {
    case "long":
      return `<path d="M 136 168 C 126 100, 168 80, 202 82 C 242 84, 278 106, 268 168 C 270 220, 286 262, 300 306 C 276 320, 244 312, 230 300 L 170 300 C 156 312, 124 320, 100 306 C 114 262, 132 220, 136 168 Z" fill="${h}"/>`;
    case "wavy":
      return `<path d="M 134 170 C 120 96, 170 78, 204 80 C 246 82, 282 104, 268 172 C 284 200, 266 226, 282 252 C 292 272, 276 292, 262 296 L 140 296 C 122 292, 108 272, 118 252 C 134 226, 116 200, 134 170 Z" fill="${h}"/>`;
    case "bob":
      return `<path d="M 134 168 C 126 100, 168 82, 200 84 C 234 84, 276 100, 266 168 L 272 246 C 252 258, 228 254, 220 246 L 180 246 C 172 254, 148 258, 128 246 Z" fill="${h}"/>`;
    case "curly":
      return `<ellipse cx="${HX}" cy="${HY - 18}" rx="84" ry="80" fill="${h}"/>`;
    case "bun":
      return circle(HX, 86, 32, h);
    default:
      return "";
  }
}

function hairFront(p: Person): string {
  const h = p.hair;
  switch (p.style) {
    case "short":
      return `<path d="M 140 172 C 132 118, 164 90, 204 92 C 246 94, 270 122, 261 172 C 256 146, 246 132, 228 126 C 204 136, 170 134, 152 126 C 145 138, 141 152, 140 172 Z" fill="${h}"/>`;
    case "sidepart":
      return `<path d="M 139 176 C 126 112, 170 86, 210 90 C 252 94, 272 126, 261 178 C 258 150, 250 134, 238 126 C 214 134, 178 126, 164 114 C 152 130, 144 150, 139 176 Z" fill="${h}"/><path d="M 164 114 C 186 104, 222 106, 246 120" fill="none" stroke="${shade(h, 0.18)}" stroke-width="3" stroke-linecap="round" opacity="0.6"/>`;
    case "buzz":
      return `<path d="M 143 160 C 140 116, 168 98, 202 98 C 236 98, 262 116, 257 160 C 250 138, 232 126, 200 126 C 170 126, 150 138, 143 160 Z" fill="${h}" opacity="0.92"/>`;
    case "long":
    case "wavy":
      return `<path d="M 141 172 C 134 118, 166 94, 204 94 C 242 94, 266 118, 259 172 C 250 140, 232 118, 200 116 C 186 132, 162 150, 141 172 Z" fill="${h}"/>`;
    case "bob":
      return `<path d="M 140 168 C 134 112, 170 92, 200 92 C 232 92, 266 112, 260 168 C 254 146, 234 136, 200 136 C 168 136, 148 146, 140 168 Z" fill="${h}"/>`;
    case "bun":
      return `<path d="M 141 166 C 136 116, 168 98, 200 98 C 234 98, 264 116, 259 166 C 250 140, 230 124, 200 124 C 172 124, 150 140, 141 166 Z" fill="${h}"/>`;
    case "curly": {
      const curls: string[] = [];
      for (let i = 0; i <= 9; i++) {
        const a = Math.PI + (i / 9) * Math.PI;
        const cx = HX + Math.cos(a) * 66;
        const cy = HY - 22 + Math.sin(a) * 58;
        curls.push(circle(cx, cy, 26, h));
      }
      curls.push(circle(HX, HY - 62, 30, h));
      return group(curls);
    }
  }
}

export function portrait(p: Person, size = 400): string {
  const c = new Canvas(size, size);
  const skinShade = shade(p.skin, -0.14);
  const [b1, b2] = p.bg;
  c.add(
    rect(
      0,
      0,
      size,
      size,
      0,
      c.linear([
        [0, b1],
        [1, b2],
      ]),
    ),
  );
  // Soft light behind the head and a thin geometric ring for depth.
  c.glow(size * 0.5, size * 0.42, size * 0.55, "#ffffff", 0.28);
  c.add(
    circle(
      size * 0.5,
      size * 0.46,
      size * 0.4,
      "none",
      `stroke="#ffffff" stroke-opacity="0.16" stroke-width="2"`,
    ),
    // An accent arc on the ring, inside the circle that round avatar frames keep.
    `<path d="${arc(size * 0.5, size * 0.46, size * 0.4, 25, 75)}" fill="none" stroke="${p.accent ?? "#ffffff"}" stroke-opacity="0.7" stroke-width="${size * 0.012}" stroke-linecap="round"/>`,
  );

  const s = size / 400;
  const parts: string[] = [];
  parts.push(hairBack(p));
  // Neck with a shadow under the jaw.
  parts.push(rect(HX - 26, HY + 40, 52, 90, 22, skinShade));
  // Shoulders and clothes.
  parts.push(
    `<path d="M 46 404 C 52 312, 118 276, 200 276 C 282 276, 348 312, 354 404 Z" fill="${p.shirt}"/>`,
  );
  if (p.jacket) {
    parts.push(
      `<path d="M 46 404 C 52 312, 118 276, 176 276 L 200 332 L 186 404 Z" fill="${p.jacket}"/>`,
      `<path d="M 354 404 C 348 312, 282 276, 224 276 L 200 332 L 214 404 Z" fill="${p.jacket}"/>`,
      `<path d="M 176 276 L 200 332 L 166 316 Z" fill="${shade(p.jacket, 0.12)}"/>`,
      `<path d="M 224 276 L 200 332 L 234 316 Z" fill="${shade(p.jacket, 0.12)}"/>`,
    );
  }
  parts.push(`<path d="M 174 275 Q 200 318 226 275 Z" fill="${skinShade}"/>`);
  // Ears and head.
  parts.push(
    `<ellipse cx="${HX - 58}" cy="${HY + 6}" rx="11" ry="17" fill="${skinShade}"/>`,
    `<ellipse cx="${HX + 58}" cy="${HY + 6}" rx="11" ry="17" fill="${skinShade}"/>`,
    `<ellipse cx="${HX}" cy="${HY}" rx="59" ry="70" fill="${p.skin}"/>`,
    // Gentle side shading gives the face volume without drawing features.
    `<path d="M ${HX + 20} ${HY - 66} C ${HX + 64} ${HY - 50}, ${HX + 70} ${HY + 40}, ${HX + 18} ${HY + 69} C ${HX + 46} ${HY + 30}, ${HX + 50} ${HY - 30}, ${HX + 20} ${HY - 66} Z" fill="${skinShade}" opacity="0.35"/>`,
  );
  if (p.beard) {
    parts.push(
      `<path d="M 142 182 C 148 240, 178 262, 200 262 C 222 262, 252 240, 258 182 C 250 210, 232 224, 200 226 C 168 224, 150 210, 142 182 Z" fill="${p.hair}"/>`,
    );
  }
  parts.push(hairFront(p));
  if (p.glasses) {
    const g = p.glasses;
    parts.push(
      rect(
        HX - 46,
        HY - 4,
        38,
        28,
        10,
        "rgba(255,255,255,0.12)",
        `stroke="${g}" stroke-width="4.5"`,
      ),
      rect(
        HX + 8,
        HY - 4,
        38,
        28,
        10,
        "rgba(255,255,255,0.12)",
        `stroke="${g}" stroke-width="4.5"`,
      ),
      `<path d="M ${HX - 8} ${HY + 6} Q ${HX} ${HY} ${HX + 8} ${HY + 6}" fill="none" stroke="${g}" stroke-width="4"/>`,
    );
  }
  c.add(group(parts, s === 1 ? "" : `transform="scale(${s})"`));
  return c.toString();
}

/** Neutral fallback: a soft grey silhouette. */
export function defaultAvatar(size = 400): string {
  const c = new Canvas(size, size);
  c.add(
    rect(
      0,
      0,
      size,
      size,
      0,
      c.linear([
        [0, "#e2e8f0"],
        [1, "#cbd5e1"],
      ]),
    ),
  );
  c.glow(size / 2, size * 0.4, size * 0.5, "#ffffff", 0.5);
  const s = size / 400;
  c.add(
    group(
      [
        circle(200, 160, 70, "#94a3b8"),
        `<path d="M 56 404 C 62 310, 126 268, 200 268 C 274 268, 338 310, 344 404 Z" fill="#94a3b8"/>`,
      ],
      s === 1 ? "" : `transform="scale(${s})"`,
    ),
  );
  return c.toString();
}
