// The demo illustrations: hero backgrounds, blog covers, resource thumbnails, contact image
// and the fallback image. Each function returns one SVG document.
import {
  arc,
  bars,
  Canvas,
  circle,
  cloudShape,
  codeLines,
  glassCard,
  globe,
  group,
  lineChart,
  magnifier,
  miniAvatar,
  phone,
  rect,
  ring,
  rng,
  server,
  smoothPath,
  windowFrame,
} from "./svg";

const FONT = "DejaVu Sans, sans-serif";

function label(x: number, y: number, text: string, size: number, fill: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${fill}" ${extra}>${text}</text>`;
}

function background(c: Canvas, stops: readonly [string, string, string]): void {
  c.add(
    rect(
      0,
      0,
      c.w,
      c.h,
      0,
      c.linear([
        [0, stops[0]],
        [0.55, stops[1]],
        [1, stops[2]],
      ]),
    ),
  );
}

// ---------------------------------------------------------------------------------------
// Home hero: a dark stage with a floating analytics dashboard and a phone on the right,
// leaving the left two thirds calm and dark for the headline.

export function heroHome(): string {
  const c = new Canvas(1920, 1080);
  background(c, ["#050816", "#0a1030", "#121a4d"]);
  c.glow(1500, 330, 820, "#6366f1", 0.5);
  c.glow(1780, 960, 560, "#06b6d4", 0.32);
  c.glow(220, 1080, 700, "#8b5cf6", 0.2);
  c.glow(760, 60, 420, "#3b82f6", 0.12);
  c.grid(64, "#ffffff", 0.07, 0.72, 0.45, 0.55);

  c.add(
    circle(1420, 560, 470, "none", 'stroke="#ffffff" stroke-opacity="0.06" stroke-width="2"'),
    circle(
      1420,
      560,
      600,
      "none",
      'stroke="#ffffff" stroke-opacity="0.05" stroke-width="2" stroke-dasharray="4 14"',
    ),
  );

  const sh = c.shadow(34, 26, 0.55);
  const win = windowFrame(c, 1010, 226, 770, 490, { fill: "#0c1330", shadow: sh });
  // Sidebar navigation.
  for (let i = 0; i < 7; i++) {
    const y = win.y + 26 + i * 40;
    if (i === 1) c.add(rect(win.x + 14, y - 12, 148, 34, 10, "rgba(99,102,241,0.28)"));
    c.add(
      rect(win.x + 26, y - 1, 12, 12, 4, i === 1 ? "#a5b4fc" : "rgba(255,255,255,0.22)"),
      rect(
        win.x + 48,
        y,
        70 + ((i * 23) % 40),
        10,
        5,
        i === 1 ? "#e0e7ff" : "rgba(255,255,255,0.18)",
      ),
    );
  }
  c.add(rect(win.x + 176, win.y, 1.5, win.h, 0, "rgba(255,255,255,0.08)"));
  const mx = win.x + 196;
  const mw = win.w - 216;
  const kpiW = (mw - 32) / 3;
  const kpiColors = ["#818cf8", "#22d3ee", "#34d399"];
  kpiColors.forEach((col, i) => {
    const x = mx + i * (kpiW + 16);
    const y = win.y + 20;
    c.add(
      glassCard(x, y, kpiW, 92, 14),
      rect(x + 16, y + 18, 60, 9, 4.5, "rgba(255,255,255,0.3)"),
      rect(x + 16, y + 40, kpiW * 0.45, 20, 6, "rgba(255,255,255,0.88)"),
      rect(x + 16, y + 70, 44, 9, 4.5, col),
    );
    lineChart(c, x + kpiW * 0.58, y + 36, kpiW * 0.34, 40, col, 11 + i, {
      points: 6,
      width: 3,
      dot: false,
      area: 0.25,
    });
  });
  const chartY = win.y + 128;
  c.add(glassCard(mx, chartY, mw, 214, 14));
  c.add(
    rect(mx + 18, chartY + 18, 110, 10, 5, "rgba(255,255,255,0.5)"),
    rect(mx + mw - 120, chartY + 14, 100, 20, 10, "rgba(255,255,255,0.08)"),
  );
  for (let i = 0; i < 4; i++) {
    c.add(rect(mx + 18, chartY + 60 + i * 38, mw - 36, 1, 0, "rgba(255,255,255,0.07)"));
  }
  lineChart(c, mx + 20, chartY + 50, mw - 60, 150, "#22d3ee", 4, {
    rise: 0.4,
    dot: false,
    area: 0.12,
  });
  lineChart(c, mx + 20, chartY + 46, mw - 60, 150, "#818cf8", 7, { rise: 0.7 });
  const listY = chartY + 230;
  for (let i = 0; i < 2; i++) {
    const y = listY + i * 42;
    c.add(
      circle(mx + 16, y + 14, 12, ["#f472b6", "#fbbf24"][i] ?? "#fff", 'opacity="0.85"'),
      rect(mx + 38, y + 4, 160, 9, 4.5, "rgba(255,255,255,0.45)"),
      rect(mx + 38, y + 19, 100, 7, 3.5, "rgba(255,255,255,0.18)"),
      rect(mx + mw - 190, y + 8, 120, 10, 5, "rgba(255,255,255,0.1)"),
      rect(mx + mw - 190, y + 8, 60 + i * 40, 10, 5, i === 0 ? "#34d399" : "#818cf8"),
    );
  }

  // Phone with a mobile view of the same product.
  const ph = phone(c, 1650, 500, 230, 460, { shadow: c.shadow(28, 22, 0.6), screen: "#0f1736" });
  c.add(
    rect(
      ph.x + 14,
      ph.y + 44,
      ph.w - 28,
      120,
      18,
      c.linear([
        [0, "#6366f1"],
        [1, "#06b6d4"],
      ]),
    ),
    rect(ph.x + 30, ph.y + 64, 70, 9, 4.5, "rgba(255,255,255,0.7)"),
    rect(ph.x + 30, ph.y + 86, 110, 22, 7, "#ffffff"),
    rect(ph.x + 30, ph.y + 124, 60, 9, 4.5, "rgba(255,255,255,0.55)"),
  );
  ring(c, ph.x + ph.w / 2, ph.y + 240, 46, 12, 0.72, "#34d399", "rgba(255,255,255,0.1)");
  for (let i = 0; i < 3; i++) {
    const y = ph.y + 316 + i * 30;
    c.add(
      circle(ph.x + 28, y + 8, 9, ["#818cf8", "#f472b6", "#fbbf24"][i] ?? "#fff"),
      rect(ph.x + 46, y + 3, 90 - i * 14, 9, 4.5, "rgba(255,255,255,0.35)"),
    );
  }

  // Floating conversion card.
  const fx = 880;
  const fy = 600;
  c.add(
    glassCard(fx, fy, 270, 130, 18, {
      fill: "rgba(17,24,62,0.92)",
      stroke: "rgba(255,255,255,0.16)",
      shadow: c.shadow(24, 18, 0.5),
    }),
    circle(fx + 44, fy + 46, 22, "rgba(52,211,153,0.18)"),
    `<path d="M ${fx + 34} ${fy + 54} L ${fx + 44} ${fy + 40} L ${fx + 54} ${fy + 54}" fill="none" stroke="#34d399" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`,
    rect(fx + 80, fy + 32, 90, 10, 5, "rgba(255,255,255,0.4)"),
    rect(fx + 80, fy + 50, 130, 16, 6, "#ffffff"),
  );
  bars(c, fx + 26, fy + 86, 218, 30, ["rgba(129,140,248,0.55)", "#818cf8"], 9, 12);

  // Team pill.
  c.add(
    glassCard(1190, 160, 220, 54, 27, {
      fill: "rgba(17,24,62,0.92)",
      shadow: c.shadow(18, 12, 0.45),
    }),
    miniAvatar(1222, 187, 16, "#f472b6"),
    miniAvatar(1246, 187, 16, "#818cf8"),
    miniAvatar(1270, 187, 16, "#22d3ee"),
    rect(1298, 180, 90, 12, 6, "rgba(255,255,255,0.5)"),
  );

  // Sparkles.
  const rand = rng(21);
  const occupied = [
    [990, 206, 1800, 736],
    [1630, 480, 1900, 980],
    [860, 580, 1170, 750],
    [1170, 140, 1430, 234],
  ] as const;
  for (let i = 0; i < 60; i++) {
    const x = 700 + rand() * 1200;
    const y = 40 + rand() * 1000;
    // Keep the mock-ups clean.
    if (occupied.some(([x0, y0, x1, y1]) => x > x0 && x < x1 && y > y0 && y < y1)) continue;
    c.add(
      circle(x, y, 1 + rand() * 2.2, "#ffffff", `opacity="${(0.15 + rand() * 0.45).toFixed(2)}"`),
    );
  }

  // Keep the headline area dark: fade from the left edge.
  c.add(
    rect(
      0,
      0,
      1920,
      1080,
      0,
      c.linear(
        [
          [0, "#040714", 0.82],
          [0.45, "#040714", 0.45],
          [0.75, "#040714", 0.05],
          [1, "#040714", 0],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  c.grain(0.05, 5);
  return c.toString();
}

// ---------------------------------------------------------------------------------------
// Service icons drawn as shapes (used on the services hero).

type IconDraw = (cx: number, cy: number, s: number, color: string) => string;

const ICONS: Record<string, IconDraw> = {
  globe: (cx, cy, s, col) => globe(cx, cy, s * 0.42, col, s * 0.045),
  app: (cx, cy, s, col) =>
    group([
      rect(
        cx - s * 0.42,
        cy - s * 0.32,
        s * 0.84,
        s * 0.64,
        s * 0.08,
        "none",
        `stroke="${col}" stroke-width="${s * 0.045}"`,
      ),
      rect(cx - s * 0.42, cy - s * 0.32, s * 0.84, s * 0.16, 0, col, 'opacity="0.5"'),
      rect(cx - s * 0.3, cy - s * 0.04, s * 0.24, s * 0.24, s * 0.04, col),
      rect(cx + s * 0.02, cy - s * 0.04, s * 0.28, s * 0.07, s * 0.035, col, 'opacity="0.7"'),
      rect(cx + s * 0.02, cy + s * 0.09, s * 0.2, s * 0.07, s * 0.035, col, 'opacity="0.45"'),
    ]),
  trend: (cx, cy, s, col) =>
    group([
      `<path d="M ${cx - s * 0.4} ${cy + s * 0.28} L ${cx - s * 0.12} ${cy} L ${cx + s * 0.06} ${cy + s * 0.14} L ${cx + s * 0.38} ${cy - s * 0.22}" fill="none" stroke="${col}" stroke-width="${s * 0.07}" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M ${cx + s * 0.16} ${cy - s * 0.26} L ${cx + s * 0.42} ${cy - s * 0.26} L ${cx + s * 0.42} ${cy}" fill="none" stroke="${col}" stroke-width="${s * 0.07}" stroke-linecap="round" stroke-linejoin="round"/>`,
    ]),
  cloud: (cx, cy, s, col) =>
    group([
      cloudShape(cx, cy + s * 0.04, s * 0.3, col, 'opacity="0.95"'),
      `<path d="M ${cx} ${cy + s * 0.16} L ${cx} ${cy - s * 0.06} M ${cx - s * 0.09} ${cy + s * 0.03} L ${cx} ${cy - s * 0.06} L ${cx + s * 0.09} ${cy + s * 0.03}" fill="none" stroke="#0b1a2e" stroke-width="${s * 0.05}" stroke-linecap="round" stroke-linejoin="round"/>`,
    ]),
  users: (cx, cy, s, col) =>
    group([
      circle(cx - s * 0.14, cy - s * 0.12, s * 0.13, col),
      `<path d="M ${cx - s * 0.38} ${cy + s * 0.32} C ${cx - s * 0.36} ${cy + s * 0.06}, ${cx + s * 0.08} ${cy + s * 0.06}, ${cx + s * 0.1} ${cy + s * 0.32} Z" fill="${col}"/>`,
      circle(cx + s * 0.2, cy - s * 0.06, s * 0.11, col, 'opacity="0.6"'),
      `<path d="M ${cx + s * 0.02} ${cy + s * 0.32} C ${cx + s * 0.06} ${cy + s * 0.1}, ${cx + s * 0.38} ${cy + s * 0.1}, ${cx + s * 0.4} ${cy + s * 0.32} Z" fill="${col}" opacity="0.6"/>`,
    ]),
  code: (cx, cy, s, col) =>
    `<path d="M ${cx - s * 0.18} ${cy - s * 0.22} L ${cx - s * 0.4} ${cy} L ${cx - s * 0.18} ${cy + s * 0.22} M ${cx + s * 0.18} ${cy - s * 0.22} L ${cx + s * 0.4} ${cy} L ${cx + s * 0.18} ${cy + s * 0.22} M ${cx + s * 0.07} ${cy - s * 0.3} L ${cx - s * 0.07} ${cy + s * 0.3}" fill="none" stroke="${col}" stroke-width="${s * 0.07}" stroke-linecap="round" stroke-linejoin="round"/>`,
  megaphone: (cx, cy, s, col) =>
    group([
      `<path d="M ${cx - s * 0.34} ${cy - s * 0.1} L ${cx + s * 0.22} ${cy - s * 0.34} L ${cx + s * 0.22} ${cy + s * 0.26} L ${cx - s * 0.34} ${cy + s * 0.06} Z" fill="${col}"/>`,
      rect(cx - s * 0.44, cy - s * 0.12, s * 0.14, s * 0.2, s * 0.04, col),
      `<path d="M ${cx - s * 0.24} ${cy + s * 0.06} L ${cx - s * 0.16} ${cy + s * 0.34}" stroke="${col}" stroke-width="${s * 0.08}" stroke-linecap="round"/>`,
      `<path d="M ${cx + s * 0.32} ${cy - s * 0.14} Q ${cx + s * 0.42} ${cy - s * 0.04} ${cx + s * 0.32} ${cy + s * 0.06}" fill="none" stroke="${col}" stroke-width="${s * 0.05}" stroke-linecap="round"/>`,
    ]),
  headset: (cx, cy, s, col) =>
    group([
      `<path d="${arc(cx, cy + s * 0.04, s * 0.32, -95, 95)}" fill="none" stroke="${col}" stroke-width="${s * 0.07}" stroke-linecap="round"/>`,
      rect(cx - s * 0.4, cy, s * 0.16, s * 0.26, s * 0.06, col),
      rect(cx + s * 0.24, cy, s * 0.16, s * 0.26, s * 0.06, col),
      `<path d="M ${cx + s * 0.32} ${cy + s * 0.26} Q ${cx + s * 0.3} ${cy + s * 0.4} ${cx + s * 0.06} ${cy + s * 0.4}" fill="none" stroke="${col}" stroke-width="${s * 0.05}" stroke-linecap="round"/>`,
    ]),
};

export function servicesHero(): string {
  const c = new Canvas(1920, 1080);
  background(c, ["#03111c", "#062235", "#0b2f4a"]);
  c.glow(1400, 520, 760, "#14b8a6", 0.35);
  c.glow(1760, 160, 460, "#3b82f6", 0.3);
  c.glow(300, 980, 560, "#0ea5e9", 0.16);
  c.dots(36, 1.6, "#ffffff", 0.22, 0.72, 0.5);

  const cx = 1390;
  const cy = 540;
  const tiles: { x: number; y: number; icon: keyof typeof ICONS; color: string }[] = [
    { x: 1080, y: 250, icon: "globe", color: "#5eead4" },
    { x: 1390, y: 170, icon: "app", color: "#93c5fd" },
    { x: 1700, y: 260, icon: "trend", color: "#fcd34d" },
    { x: 1770, y: 590, icon: "cloud", color: "#e0f2fe" },
    { x: 1610, y: 880, icon: "users", color: "#f9a8d4" },
    { x: 1240, y: 900, icon: "megaphone", color: "#fdba74" },
    { x: 990, y: 640, icon: "headset", color: "#a5b4fc" },
  ];
  // Connections first so the tiles sit on top.
  for (const t of tiles) {
    const mxp = (t.x + cx) / 2 + (t.y - cy) * 0.15;
    const myp = (t.y + cy) / 2 - (t.x - cx) * 0.15;
    c.add(
      `<path d="M ${cx} ${cy} Q ${mxp} ${myp} ${t.x} ${t.y}" fill="none" stroke="${c.linearAbs(
        [
          [0, "#5eead4", 0.55],
          [1, t.color, 0.15],
        ],
        cx,
        cy,
        t.x,
        t.y,
      )}" stroke-width="2.5" stroke-dasharray="2 10" stroke-linecap="round"/>`,
    );
  }
  c.add(
    circle(cx, cy, 250, "none", 'stroke="#5eead4" stroke-opacity="0.12" stroke-width="2"'),
    circle(cx, cy, 390, "none", 'stroke="#ffffff" stroke-opacity="0.06" stroke-width="2"'),
  );
  c.glow(cx, cy, 200, "#5eead4", 0.55);
  c.add(
    circle(
      cx,
      cy,
      92,
      c.linear([
        [0, "#2dd4bf"],
        [1, "#0ea5e9"],
      ]),
      `filter="${c.shadow(30, 0, 0.6)}"`,
    ),
    circle(cx, cy, 92, "none", 'stroke="#ffffff" stroke-opacity="0.45" stroke-width="2"'),
  );
  c.add(ICONS.code?.(cx, cy, 120, "#ffffff") ?? "");

  const sh = c.shadow(22, 16, 0.5);
  for (const t of tiles) {
    const size = 150;
    c.add(
      glassCard(t.x - size / 2, t.y - size / 2, size, size, 32, {
        fill: "rgba(8,30,48,0.88)",
        stroke: "rgba(255,255,255,0.16)",
        shadow: sh,
      }),
      circle(t.x, t.y, 48, t.color, 'opacity="0.12"'),
      ICONS[t.icon]?.(t.x, t.y, 88, t.color) ?? "",
    );
  }
  const rand = rng(8);
  for (let i = 0; i < 30; i++) {
    c.add(
      circle(
        850 + rand() * 1070,
        40 + rand() * 1000,
        1 + rand() * 2,
        "#ccfbf1",
        `opacity="${(0.2 + rand() * 0.5).toFixed(2)}"`,
      ),
    );
  }
  c.add(
    rect(
      0,
      0,
      1920,
      1080,
      0,
      c.linear(
        [
          [0, "#020b13", 0.85],
          [0.42, "#020b13", 0.5],
          [0.72, "#020b13", 0.05],
          [1, "#020b13", 0],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  c.grain(0.05, 9);
  return c.toString();
}

// ---------------------------------------------------------------------------------------
// Blog covers, 1200x630.

export function coverReactRouter(): string {
  const c = new Canvas(1200, 630);
  background(c, ["#0b0a24", "#1b1247", "#2e1065"]);
  c.glow(980, 120, 520, "#ec4899", 0.35);
  c.glow(260, 560, 520, "#6366f1", 0.4);
  c.grid(48, "#ffffff", 0.06, 0.5, 0.5, 0.7);
  const win = windowFrame(c, 90, 100, 580, 430, {
    fill: "#110d2e",
    shadow: c.shadow(26, 20, 0.55),
  });
  c.add(rect(win.x, win.y, 150, win.h, 0, "rgba(255,255,255,0.03)"));
  for (let i = 0; i < 8; i++) {
    const y = win.y + 24 + i * 30;
    c.add(
      rect(
        win.x + 18 + (i > 0 && i < 5 ? 14 : 0),
        y,
        12,
        12,
        3,
        i === 2 ? "#f472b6" : "rgba(255,255,255,0.2)",
      ),
      rect(
        win.x + 38 + (i > 0 && i < 5 ? 14 : 0),
        y + 1,
        56 + ((i * 17) % 30),
        10,
        5,
        i === 2 ? "#fbcfe8" : "rgba(255,255,255,0.16)",
      ),
    );
  }
  codeLines(
    c,
    win.x + 170,
    win.y + 24,
    win.w - 190,
    14,
    [
      "#f472b6",
      "#818cf8",
      "#38bdf8",
      "#a3e635",
      "rgba(255,255,255,0.35)",
      "rgba(255,255,255,0.35)",
    ],
    42,
  );

  // Route tree.
  type N = { x: number; y: number; col: string; w: number };
  const root: N = { x: 930, y: 150, col: "#f472b6", w: 170 };
  const mid: N[] = [
    { x: 820, y: 300, col: "#818cf8", w: 150 },
    { x: 1040, y: 300, col: "#38bdf8", w: 150 },
  ];
  const leaf: N[] = [
    { x: 760, y: 450, col: "#a3e635", w: 120 },
    { x: 890, y: 450, col: "#818cf8", w: 120 },
    { x: 1040, y: 450, col: "#38bdf8", w: 130 },
  ];
  const link = (a: N, b: N) =>
    `<path d="M ${a.x} ${a.y + 26} C ${a.x} ${(a.y + b.y) / 2 + 10}, ${b.x} ${(a.y + b.y) / 2 - 10}, ${b.x} ${b.y - 26}" fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="2.5"/>`;
  for (const m of mid) c.add(link(root, m));
  c.add(
    link(mid[0] as N, leaf[0] as N),
    link(mid[0] as N, leaf[1] as N),
    link(mid[1] as N, leaf[2] as N),
  );
  const sh = c.shadow(16, 10, 0.45);
  for (const n of [root, ...mid, ...leaf]) {
    c.add(
      glassCard(n.x - n.w / 2, n.y - 26, n.w, 52, 14, { fill: "rgba(23,17,60,0.95)", shadow: sh }),
      circle(n.x - n.w / 2 + 24, n.y, 8, n.col),
      rect(n.x - n.w / 2 + 42, n.y - 5, n.w - 64, 10, 5, "rgba(255,255,255,0.45)"),
    );
  }
  c.add(
    glassCard(700, 520, 200, 44, 22, {
      fill: "rgba(236,72,153,0.18)",
      stroke: "rgba(244,114,182,0.5)",
    }),
    circle(726, 542, 7, "#f472b6"),
    rect(744, 537, 130, 10, 5, "#fbcfe8"),
  );
  c.grain(0.045, 2);
  return c.toString();
}

function gauge(c: Canvas, cx: number, cy: number, r: number, value: number, color: string): void {
  c.add(
    `<path d="${arc(cx, cy, r, -120, 120)}" fill="none" stroke="rgba(255,255,255,0.1)" stroke-width="18" stroke-linecap="round"/>`,
    `<path d="${arc(cx, cy, r, -120, -120 + 240 * value)}" fill="none" stroke="${color}" stroke-width="18" stroke-linecap="round"/>`,
  );
  const a = ((-120 + 240 * value - 90) * Math.PI) / 180;
  c.add(
    `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * (r - 34)).toFixed(1)}" y2="${(cy + Math.sin(a) * (r - 34)).toFixed(1)}" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>`,
    circle(cx, cy, 10, "#ffffff"),
  );
}

export function coverWebVitals(): string {
  const c = new Canvas(1200, 630);
  background(c, ["#03140f", "#052e26", "#064e3b"]);
  c.glow(600, 640, 700, "#10b981", 0.35);
  c.glow(1100, 60, 400, "#a3e635", 0.18);
  c.dots(28, 1.4, "#ffffff", 0.2);
  const rand = rng(5);
  const pts: [number, number][] = [];
  for (let i = 0; i <= 12; i++) pts.push([i * 100, 560 - i * 14 - rand() * 40]);
  c.add(
    `<path d="${smoothPath(pts)}" fill="none" stroke="#34d399" stroke-opacity="0.25" stroke-width="3"/>`,
  );
  const cards = [
    { x: 110, label: "LCP", v: 0.82, col: "#34d399" },
    { x: 460, label: "INP", v: 0.7, col: "#a3e635" },
    { x: 810, label: "CLS", v: 0.9, col: "#2dd4bf" },
  ];
  const sh = c.shadow(24, 18, 0.5);
  for (const k of cards) {
    c.add(
      glassCard(k.x, 120, 280, 360, 26, {
        fill: "rgba(6,40,33,0.9)",
        stroke: "rgba(255,255,255,0.14)",
        shadow: sh,
      }),
    );
    gauge(c, k.x + 140, 280, 90, k.v, k.col);
    c.add(
      label(k.x + 140, 412, k.label, 34, "#ffffff", 'text-anchor="middle" letter-spacing="3"'),
      rect(k.x + 90, 432, 100, 10, 5, "rgba(255,255,255,0.12)"),
      rect(k.x + 90, 432, 100 * k.v, 10, 5, k.col),
    );
  }
  c.add(
    glassCard(470, 520, 260, 52, 26, {
      fill: "rgba(52,211,153,0.16)",
      stroke: "rgba(52,211,153,0.5)",
    }),
    `<path d="M 500 546 L 510 556 L 528 536" fill="none" stroke="#34d399" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
    rect(544, 540, 160, 12, 6, "#d1fae5"),
  );
  c.grain(0.045, 4);
  return c.toString();
}

export function coverTechnicalSeo(): string {
  const c = new Canvas(1200, 630);
  background(c, ["#0a0b1f", "#17122e", "#2a1433"]);
  c.glow(1000, 520, 560, "#f59e0b", 0.32);
  c.glow(200, 80, 480, "#f97316", 0.2);
  c.grid(40, "#ffffff", 0.05, 0.3, 0.3, 0.8);
  const sh = c.shadow(22, 16, 0.5);
  // Search bar.
  c.add(
    rect(90, 80, 640, 70, 35, "#ffffff", `filter="${sh}"`),
    magnifier(136, 113, 14, "#64748b", 4),
    rect(176, 108, 280, 12, 6, "#cbd5e1"),
    rect(640, 92, 74, 46, 23, "#f59e0b"),
    magnifier(672, 112, 9, "#ffffff", 3.5),
  );
  // Results.
  for (let i = 0; i < 3; i++) {
    const y = 186 + i * 130;
    const top = i === 0;
    c.add(
      glassCard(90, y, 640, 112, 18, {
        fill: top ? "rgba(245,158,11,0.14)" : "rgba(255,255,255,0.05)",
        stroke: top ? "rgba(251,191,36,0.55)" : "rgba(255,255,255,0.12)",
      }),
      circle(128, y + 34, 14, top ? "#fbbf24" : "rgba(255,255,255,0.25)"),
      rect(154, y + 28, 170, 10, 5, top ? "#86efac" : "rgba(134,239,172,0.5)"),
      rect(116, y + 58, 340 - i * 50, 14, 7, top ? "#93c5fd" : "rgba(147,197,253,0.6)"),
      rect(116, y + 84, 500, 8, 4, "rgba(255,255,255,0.2)"),
    );
    if (top) {
      c.add(
        circle(690, y + 36, 20, "#fbbf24"),
        label(690, y + 43, "1", 20, "#1c1917", 'text-anchor="middle"'),
      );
    }
  }
  // Ranking chart.
  c.add(glassCard(780, 80, 330, 470, 24, { fill: "rgba(24,16,44,0.92)", shadow: sh }));
  c.add(
    rect(808, 110, 120, 12, 6, "rgba(255,255,255,0.5)"),
    rect(808, 132, 80, 9, 4.5, "rgba(255,255,255,0.2)"),
  );
  for (let i = 0; i < 5; i++) c.add(rect(808, 190 + i * 64, 274, 1, 0, "rgba(255,255,255,0.08)"));
  lineChart(c, 808, 180, 274, 250, "#fbbf24", 12, { rise: 0.75 });
  bars(c, 808, 460, 274, 60, ["rgba(251,191,36,0.35)", "rgba(251,191,36,0.7)"], 3, 9);
  c.grain(0.045, 6);
  return c.toString();
}

type Pt = readonly [number, number];
function cubicAt(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): [number, number] {
  const u = 1 - t;
  const f = (k: 0 | 1) =>
    u * u * u * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t * t * t * p3[k];
  return [f(0), f(1)];
}

export function coverCloudMigration(): string {
  const c = new Canvas(1200, 630);
  background(c, ["#04111f", "#082543", "#0c3b6e"]);
  c.glow(860, 260, 560, "#38bdf8", 0.4);
  c.glow(150, 600, 420, "#6366f1", 0.22);
  c.dots(30, 1.4, "#ffffff", 0.18, 0.6, 0.4);
  c.add(server(110, 150, 190, 6, "#34d399"), server(150, 210, 190, 6, "#38bdf8"));
  // Migration paths.
  for (let i = 0; i < 3; i++) {
    const y0 = 260 + i * 70;
    c.add(
      `<path d="M 350 ${y0} C 500 ${y0}, 520 ${300 + i * 10}, 660 ${300 + i * 12}" fill="none" stroke="#7dd3fc" stroke-opacity="0.55" stroke-width="3" stroke-dasharray="10 10" stroke-linecap="round"/>`,
      circle(
        ...cubicAt([350, y0], [500, y0], [520, 300 + i * 10], [660, 300 + i * 12], 0.25 + i * 0.2),
        7,
        "#e0f2fe",
      ),
    );
  }
  c.add(
    `<path d="M 650 288 L 674 300 L 650 312" fill="none" stroke="#e0f2fe" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  // One solid shape with group opacity, so the overlapping circles do not show through.
  c.add(
    group(
      cloudShape(880, 300, 230, "#bae6fd"),
      `opacity="0.16" filter="${c.shadow(30, 20, 0.45)}"`,
    ),
  );
  // Containers in the cloud.
  const colors = ["#38bdf8", "#818cf8", "#34d399", "#fbbf24", "#f472b6", "#38bdf8"];
  for (let r = 0; r < 2; r++) {
    for (let k = 0; k < 4; k++) {
      const x = 742 + k * 76;
      const y = 270 + r * 76;
      const col = colors[(r * 4 + k) % colors.length] ?? "#fff";
      c.add(
        rect(x, y, 60, 60, 12, "rgba(8,30,60,0.85)", `stroke="${col}" stroke-width="2.5"`),
        rect(x + 14, y + 16, 32, 6, 3, col),
        rect(x + 14, y + 28, 22, 6, 3, col, 'opacity="0.6"'),
        rect(x + 14, y + 40, 28, 6, 3, col, 'opacity="0.35"'),
      );
    }
  }
  c.add(
    glassCard(760, 470, 300, 64, 18, { fill: "rgba(8,30,60,0.9)", shadow: c.shadow(16, 10, 0.4) }),
    circle(796, 502, 16, "rgba(52,211,153,0.2)"),
    `<path d="M 788 502 L 795 509 L 806 495" fill="none" stroke="#34d399" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`,
    rect(826, 490, 150, 10, 5, "rgba(255,255,255,0.6)"),
    rect(826, 508, 200, 8, 4, "rgba(255,255,255,0.12)"),
    rect(826, 508, 160, 8, 4, "#34d399"),
  );
  c.grain(0.045, 7);
  return c.toString();
}

function onboardingScreen(
  c: Canvas,
  s: { x: number; y: number; w: number; h: number },
  variant: number,
): void {
  const blobs = ["#fb7185", "#a78bfa", "#fbbf24"];
  const col = blobs[variant % 3] ?? "#fb7185";
  c.add(
    circle(s.x + s.w / 2, s.y + s.h * 0.32, s.w * 0.3, col, 'opacity="0.18"'),
    circle(s.x + s.w / 2, s.y + s.h * 0.32, s.w * 0.19, col, 'opacity="0.5"'),
  );
  if (variant === 0) {
    c.add(rect(s.x + s.w / 2 - s.w * 0.1, s.y + s.h * 0.27, s.w * 0.2, s.w * 0.2, 10, "#ffffff"));
  } else if (variant === 1) {
    c.add(circle(s.x + s.w / 2, s.y + s.h * 0.32, s.w * 0.09, "#ffffff"));
  } else {
    c.add(
      `<path d="M ${s.x + s.w / 2 - 22} ${s.y + s.h * 0.32 + 4} L ${s.x + s.w / 2 - 6} ${s.y + s.h * 0.32 + 18} L ${s.x + s.w / 2 + 22} ${s.y + s.h * 0.32 - 14}" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  c.add(
    rect(s.x + s.w * 0.18, s.y + s.h * 0.56, s.w * 0.64, 14, 7, "#1e1b4b"),
    rect(s.x + s.w * 0.12, s.y + s.h * 0.63, s.w * 0.76, 8, 4, "#cbd5e1"),
    rect(s.x + s.w * 0.2, s.y + s.h * 0.67, s.w * 0.6, 8, 4, "#cbd5e1"),
  );
  for (let d = 0; d < 3; d++) {
    c.add(
      rect(
        s.x + s.w / 2 - 30 + d * 22 + (d > variant ? 12 : 0),
        s.y + s.h * 0.76,
        d === variant ? 24 : 10,
        8,
        4,
        d === variant ? col : "#e2e8f0",
      ),
    );
  }
  c.add(
    rect(
      s.x + s.w * 0.12,
      s.y + s.h * 0.84,
      s.w * 0.76,
      40,
      20,
      variant === 2 ? "#fb7185" : "#1e1b4b",
    ),
  );
  c.add(rect(s.x + s.w * 0.35, s.y + s.h * 0.84 + 16, s.w * 0.3, 8, 4, "rgba(255,255,255,0.8)"));
}

export function coverMobileOnboarding(): string {
  const c = new Canvas(1200, 630);
  background(c, ["#1a0b2e", "#34145e", "#5b21b6"]);
  c.glow(600, 330, 520, "#fb7185", 0.3);
  c.glow(1100, 600, 420, "#f59e0b", 0.2);
  c.glow(100, 80, 380, "#a78bfa", 0.3);
  c.add(
    circle(600, 330, 280, "none", 'stroke="#ffffff" stroke-opacity="0.08" stroke-width="2"'),
    circle(
      600,
      330,
      360,
      "none",
      'stroke="#ffffff" stroke-opacity="0.06" stroke-width="2" stroke-dasharray="3 12"',
    ),
  );
  const sh = c.shadow(26, 22, 0.55);
  const left = phone(c, 250, 130, 210, 420, { screen: "#ffffff", shadow: sh, rotate: -8 });
  const right = phone(c, 740, 130, 210, 420, { screen: "#ffffff", shadow: sh, rotate: 8 });
  // Screens of rotated phones: draw inside a rotated group.
  c.add(`<g transform="rotate(-8 355 340)">`);
  onboardingScreen(c, left, 0);
  c.add(`</g><g transform="rotate(8 845 340)">`);
  onboardingScreen(c, right, 2);
  c.add("</g>");
  const mid = phone(c, 480, 70, 240, 490, { screen: "#ffffff", shadow: sh });
  onboardingScreen(c, mid, 1);
  c.add(
    glassCard(860, 80, 200, 60, 30, {
      fill: "rgba(255,255,255,0.95)",
      stroke: "rgba(255,255,255,0.2)",
      shadow: c.shadow(14, 10, 0.35),
    }),
    circle(892, 110, 16, "#fb7185"),
    `<path d="M 885 110 L 890 115 L 899 104" fill="none" stroke="#ffffff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    rect(918, 100, 110, 9, 4.5, "#1e1b4b"),
    rect(918, 114, 70, 7, 3.5, "#cbd5e1"),
  );
  c.grain(0.04, 8);
  return c.toString();
}

export function coverDesignSystem(): string {
  const c = new Canvas(1200, 630);
  background(c, ["#f8fafc", "#eef2ff", "#fdf2f8"]);
  c.glow(200, 100, 420, "#a78bfa", 0.35);
  c.glow(1050, 560, 460, "#f472b6", 0.3);
  c.glow(900, 60, 300, "#22d3ee", 0.25);
  c.dots(26, 1.3, "#6366f1", 0.18);
  const sh = c.shadow(20, 14, 0.14);
  const card = (x: number, y: number, w: number, h: number) =>
    rect(x, y, w, h, 22, "#ffffff", `stroke="rgba(15,23,42,0.06)" filter="${sh}"`);
  // Colour tokens.
  c.add(card(80, 70, 420, 150));
  ["#4f46e5", "#7c3aed", "#ec4899", "#f59e0b", "#10b981", "#0ea5e9"].forEach((col, i) => {
    c.add(circle(130 + i * 64, 125, 26, col), rect(110 + i * 64, 165, 40, 8, 4, "#e2e8f0"));
  });
  // Type scale.
  c.add(card(80, 250, 420, 300));
  const typeScale = [
    { y: 0, h: 34, w: 260, fill: "#1e1b4b" },
    { y: 56, h: 24, w: 210, fill: "#1e1b4b" },
    { y: 104, h: 16, w: 300, fill: "#475569" },
    { y: 140, h: 12, w: 340, fill: "#cbd5e1" },
    { y: 168, h: 12, w: 300, fill: "#cbd5e1" },
    { y: 196, h: 12, w: 220, fill: "#cbd5e1" },
  ];
  for (const t of typeScale) c.add(rect(116, 290 + t.y, t.w, t.h, t.h / 2, t.fill));
  c.add(rect(116, 510, 120, 12, 6, "#4f46e5"));
  // Buttons and controls.
  c.add(card(530, 70, 290, 230));
  c.add(
    rect(565, 108, 220, 48, 24, "#4f46e5"),
    rect(625, 127, 100, 10, 5, "#e0e7ff"),
    rect(565, 172, 220, 48, 24, "#ffffff", 'stroke="#c7d2fe" stroke-width="2.5"'),
    rect(625, 191, 100, 10, 5, "#4f46e5"),
    rect(565, 240, 64, 34, 17, "#10b981"),
    circle(612, 257, 13, "#ffffff"),
    rect(645, 240, 64, 34, 17, "#e2e8f0"),
    circle(662, 257, 13, "#ffffff"),
    rect(726, 241, 32, 32, 9, "#4f46e5"),
    `<path d="M 734 257 L 740 263 L 751 250" fill="none" stroke="#ffffff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  // Input + card component.
  c.add(card(530, 330, 290, 220));
  c.add(
    rect(560, 360, 110, 9, 4.5, "#94a3b8"),
    rect(560, 380, 230, 44, 12, "#f8fafc", 'stroke="#a5b4fc" stroke-width="2.5"'),
    rect(576, 397, 120, 10, 5, "#cbd5e1"),
    rect(
      560,
      444,
      230,
      80,
      14,
      c.linear([
        [0, "#c7d2fe"],
        [1, "#fbcfe8"],
      ]),
    ),
    circle(596, 484, 20, "#ffffff"),
    rect(628, 472, 120, 10, 5, "#ffffff"),
    rect(628, 490, 80, 8, 4, "rgba(255,255,255,0.7)"),
  );
  // Component grid.
  c.add(card(850, 70, 270, 480));
  const rand = rng(14);
  for (let r = 0; r < 4; r++) {
    for (let k = 0; k < 2; k++) {
      const x = 876 + k * 116;
      const y = 100 + r * 110;
      const col =
        ["#e0e7ff", "#fce7f3", "#dcfce7", "#fef3c7", "#e0f2fe"][Math.floor(rand() * 5)] ??
        "#e0e7ff";
      c.add(rect(x, y, 102, 92, 16, col));
      const kind = (r + k) % 3;
      if (kind === 0) c.add(circle(x + 51, y + 46, 20, "#ffffff"));
      if (kind === 1) c.add(rect(x + 26, y + 28, 50, 36, 8, "#ffffff"));
      if (kind === 2)
        c.add(
          `<path d="M ${x + 51} ${y + 22} L ${x + 76} ${y + 66} L ${x + 26} ${y + 66} Z" fill="#ffffff"/>`,
        );
    }
  }
  return c.toString();
}

export function coverInternships(): string {
  const c = new Canvas(1200, 630);
  background(c, ["#021c17", "#03362c", "#065f46"]);
  c.glow(900, 140, 480, "#34d399", 0.3);
  c.glow(200, 600, 480, "#14b8a6", 0.25);
  c.grid(44, "#ffffff", 0.05);
  const win = windowFrame(c, 80, 80, 780, 470, { fill: "#04241e", shadow: c.shadow(26, 20, 0.55) });
  const cols = ["#fbbf24", "#38bdf8", "#34d399"];
  const colW = (win.w - 80) / 3;
  const rand = rng(31);
  cols.forEach((col, i) => {
    const x = win.x + 20 + i * (colW + 20);
    c.add(
      rect(x, win.y + 18, colW, win.h - 36, 14, "rgba(255,255,255,0.04)"),
      circle(x + 20, win.y + 42, 6, col),
      rect(x + 34, win.y + 37, 80, 10, 5, "rgba(255,255,255,0.5)"),
      rect(x + colW - 44, win.y + 33, 28, 18, 9, "rgba(255,255,255,0.1)"),
    );
    const n = 3 - (i === 2 ? 0 : i);
    for (let k = 0; k < n; k++) {
      const y = win.y + 70 + k * 108;
      const tag =
        ["#f472b6", "#a78bfa", "#fbbf24", "#38bdf8", "#34d399"][Math.floor(rand() * 5)] ?? "#fff";
      c.add(
        glassCard(x + 10, y, colW - 20, 94, 12, {
          fill: "rgba(255,255,255,0.07)",
          stroke: "rgba(255,255,255,0.1)",
        }),
        rect(x + 24, y + 14, 44, 12, 6, tag, 'opacity="0.85"'),
        rect(x + 24, y + 36, colW - 70 - rand() * 40, 9, 4.5, "rgba(255,255,255,0.55)"),
        rect(x + 24, y + 52, colW - 100 - rand() * 30, 8, 4, "rgba(255,255,255,0.2)"),
        miniAvatar(x + colW - 40, y + 74, 11, ["#f472b6", "#38bdf8", "#fbbf24"][k % 3] ?? "#fff"),
      );
      if (i === 2) {
        c.add(
          `<path d="M ${x + 24} ${y + 74} L ${x + 30} ${y + 80} L ${x + 40} ${y + 68}" fill="none" stroke="#34d399" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
        );
      }
    }
  });
  // Progress card.
  c.add(
    glassCard(880, 180, 250, 290, 24, {
      fill: "rgba(3,40,32,0.94)",
      shadow: c.shadow(24, 18, 0.5),
    }),
  );
  ring(c, 1005, 290, 70, 16, 0.66, "#34d399");
  c.add(
    label(1005, 302, "90", 40, "#ffffff", 'text-anchor="middle"'),
    rect(935, 390, 140, 10, 5, "rgba(255,255,255,0.5)"),
    rect(955, 410, 100, 8, 4, "rgba(255,255,255,0.2)"),
  );
  for (let i = 0; i < 3; i++)
    c.add(miniAvatar(975 + i * 26, 445, 14, ["#fbbf24", "#38bdf8", "#f472b6"][i] ?? "#fff"));
  c.grain(0.045, 10);
  return c.toString();
}

// ---------------------------------------------------------------------------------------
// Resource thumbnails, 800x450: one bold glyph on a gradient tile.

function resourceBase(
  c: Canvas,
  stops: readonly [string, string, string],
  glowA: string,
  glowB: string,
): void {
  background(c, stops);
  c.glow(400, 225, 360, glowA, 0.45);
  c.glow(720, 40, 260, glowB, 0.3);
  c.glow(60, 420, 260, glowB, 0.2);
  c.dots(24, 1.2, "#ffffff", 0.22);
}

function glyphTile(c: Canvas, fill: string): void {
  c.add(
    rect(
      280,
      105,
      240,
      240,
      56,
      fill,
      `stroke="rgba(255,255,255,0.22)" stroke-width="2" filter="${c.shadow(26, 18, 0.45)}"`,
    ),
  );
}

export function resourceMdn(): string {
  const c = new Canvas(800, 450);
  resourceBase(c, ["#05070f", "#0f172a", "#1e293b"], "#3b82f6", "#60a5fa");
  codeLines(c, 40, 40, 220, 14, ["rgba(96,165,250,0.25)", "rgba(255,255,255,0.12)"], 3, {
    gutter: false,
  });
  codeLines(c, 570, 60, 200, 13, ["rgba(96,165,250,0.25)", "rgba(255,255,255,0.12)"], 4, {
    gutter: false,
  });
  glyphTile(c, "rgba(15,23,42,0.92)");
  c.add(
    `<path d="M 330 170 Q 365 158 400 172 L 400 292 Q 365 278 330 290 Z" fill="#60a5fa" opacity="0.9"/>`,
    `<path d="M 470 170 Q 435 158 400 172 L 400 292 Q 435 278 470 290 Z" fill="#93c5fd"/>`,
    rect(346, 192, 40, 6, 3, "rgba(255,255,255,0.7)"),
    rect(346, 208, 34, 6, 3, "rgba(255,255,255,0.5)"),
    rect(346, 224, 40, 6, 3, "rgba(255,255,255,0.5)"),
    rect(414, 192, 40, 6, 3, "rgba(15,23,42,0.45)"),
    rect(414, 208, 30, 6, 3, "rgba(15,23,42,0.3)"),
    rect(414, 224, 38, 6, 3, "rgba(15,23,42,0.3)"),
  );
  return c.toString();
}

export function resourceWebDev(): string {
  const c = new Canvas(800, 450);
  resourceBase(c, ["#0b1026", "#13206b", "#1d4ed8"], "#60a5fa", "#a78bfa");
  glyphTile(c, "rgba(12,20,60,0.92)");
  c.add(
    `<path d="${arc(400, 245, 80, -120, 120)}" fill="none" stroke="rgba(255,255,255,0.14)" stroke-width="16" stroke-linecap="round"/>`,
    `<path d="${arc(400, 245, 80, -120, 70)}" fill="none" stroke="${c.linearAbs(
      [
        [0, "#f87171"],
        [0.5, "#fbbf24"],
        [1, "#34d399"],
      ],
      320,
      245,
      480,
      245,
    )}" stroke-width="16" stroke-linecap="round"/>`,
    `<path d="M 410 196 L 382 250 L 404 250 L 392 296 L 424 236 L 402 236 Z" fill="#fde68a"/>`,
  );
  return c.toString();
}

export function resourceSearchCentral(): string {
  const c = new Canvas(800, 450);
  resourceBase(c, ["#0f0a05", "#3b1d06", "#78350f"], "#f59e0b", "#fb923c");
  // Site map tree in the background.
  c.add(
    group(
      [
        rect(360, 60, 80, 30, 8, "rgba(255,255,255,0.1)"),
        `<path d="M 400 90 L 400 110 M 200 110 L 600 110 M 200 110 L 200 130 M 330 110 L 330 130 M 470 110 L 470 130 M 600 110 L 600 130" stroke="rgba(255,255,255,0.15)" stroke-width="2" fill="none"/>`,
        rect(165, 130, 70, 26, 8, "rgba(255,255,255,0.08)"),
        rect(565, 130, 70, 26, 8, "rgba(255,255,255,0.08)"),
      ],
      "",
    ),
  );
  glyphTile(c, "rgba(50,24,6,0.92)");
  c.add(
    rect(330, 175, 120, 12, 6, "rgba(255,255,255,0.25)"),
    rect(330, 199, 90, 12, 6, "rgba(255,255,255,0.18)"),
    rect(330, 223, 105, 12, 6, "rgba(255,255,255,0.18)"),
    circle(420, 250, 46, "rgba(251,191,36,0.15)"),
    magnifier(420, 250, 40, "#fbbf24", 12),
  );
  return c.toString();
}

export function resourceReact(): string {
  const c = new Canvas(800, 450);
  resourceBase(c, ["#050b14", "#0b1f2e", "#0e3346"], "#22d3ee", "#38bdf8");
  glyphTile(c, "rgba(8,24,36,0.92)");
  for (const rot of [0, 60, 120]) {
    c.add(
      `<ellipse cx="400" cy="225" rx="92" ry="34" fill="none" stroke="#67e8f9" stroke-width="7" transform="rotate(${rot} 400 225)"/>`,
    );
  }
  c.add(circle(400, 225, 15, "#67e8f9"));
  return c.toString();
}

export function resourceWcag(): string {
  const c = new Canvas(800, 450);
  resourceBase(c, ["#0f0720", "#2e1065", "#4c1d95"], "#a78bfa", "#f472b6");
  glyphTile(c, "rgba(30,12,64,0.92)");
  c.add(
    circle(400, 225, 84, "none", 'stroke="#c4b5fd" stroke-width="8"'),
    circle(400, 178, 13, "#ffffff"),
    `<path d="M 346 204 L 454 204" stroke="#ffffff" stroke-width="12" stroke-linecap="round"/>`,
    `<path d="M 400 204 L 400 250 M 400 248 L 376 292 M 400 248 L 424 292" stroke="#ffffff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
  );
  return c.toString();
}

export function resourceWellArchitected(): string {
  const c = new Canvas(800, 450);
  resourceBase(c, ["#0c0a09", "#292018", "#7c2d12"], "#fb923c", "#fbbf24");
  glyphTile(c, "rgba(40,22,10,0.92)");
  c.add(
    cloudShape(400, 170, 38, "#fdba74", 'opacity="0.95"'),
    `<path d="M 322 222 L 400 194 L 478 222 Z" fill="#fed7aa"/>`,
    rect(322, 224, 156, 10, 3, "#fed7aa"),
  );
  for (let i = 0; i < 5; i++) c.add(rect(332 + i * 30, 240, 16, 58, 3, "#fdba74"));
  c.add(rect(316, 300, 168, 12, 3, "#fed7aa"));
  return c.toString();
}

// ---------------------------------------------------------------------------------------
// Contact: a light city map with a pin and floating contact cards.

export function contactImage(): string {
  const c = new Canvas(1200, 800);
  c.add(rect(0, 0, 1200, 800, 0, "#e9eef5"));
  const rand = rng(77);
  // Blocks.
  for (let gx = 0; gx < 10; gx++) {
    for (let gy = 0; gy < 7; gy++) {
      const x = gx * 130 - 20 + (gy % 2) * 20;
      const y = gy * 120 - 10;
      c.add(rect(x, y, 104, 94, 10, rand() < 0.12 ? "#cfe8d4" : "#dde4ee"));
    }
  }
  // River and parks.
  c.add(
    `<path d="M -20 620 C 200 560, 330 700, 560 640 S 900 520, 1220 600" fill="none" stroke="#bcd7f2" stroke-width="56" stroke-linecap="round"/>`,
    `<ellipse cx="240" cy="210" rx="120" ry="80" fill="#c9e5cd"/>`,
    `<ellipse cx="980" cy="160" rx="90" ry="60" fill="#c9e5cd"/>`,
  );
  // Main roads.
  c.add(
    `<path d="M -20 360 L 1220 300" stroke="#ffffff" stroke-width="26"/>`,
    `<path d="M 520 -20 L 640 820" stroke="#ffffff" stroke-width="26"/>`,
    `<path d="M -20 80 L 1220 520" stroke="#ffffff" stroke-width="16"/>`,
    `<path d="M -20 360 L 1220 300" stroke="#fde68a" stroke-width="4" stroke-dasharray="18 14"/>`,
  );
  // Pin with pulse rings.
  const px = 585;
  const py = 330;
  c.add(
    `<ellipse cx="${px}" cy="${py + 6}" rx="70" ry="24" fill="#6366f1" opacity="0.12"/>`,
    `<ellipse cx="${px}" cy="${py + 6}" rx="40" ry="14" fill="#6366f1" opacity="0.2"/>`,
    `<path d="M ${px} ${py} C ${px - 16} ${py - 30}, ${px - 46} ${py - 56}, ${px - 46} ${py - 90} A 46 46 0 1 1 ${px + 46} ${py - 90} C ${px + 46} ${py - 56}, ${px + 16} ${py - 30}, ${px} ${py} Z" fill="${c.linear(
      [
        [0, "#818cf8"],
        [1, "#4f46e5"],
      ],
    )}" filter="${c.shadow(14, 10, 0.35)}"/>`,
    circle(px, py - 92, 18, "#ffffff"),
  );
  // Floating cards.
  const sh = c.shadow(22, 16, 0.18);
  const card = (x: number, y: number, w: number, h: number) =>
    rect(x, y, w, h, 20, "#ffffff", `filter="${sh}"`);
  c.add(
    card(760, 200, 320, 96),
    rect(784, 224, 48, 48, 14, "#eef2ff"),
    rect(794, 236, 28, 22, 4, "none", 'stroke="#4f46e5" stroke-width="3.5"'),
    `<path d="M 794 238 L 808 250 L 822 238" fill="none" stroke="#4f46e5" stroke-width="3.5" stroke-linejoin="round"/>`,
    rect(850, 230, 120, 11, 5.5, "#1e1b4b"),
    rect(850, 252, 190, 9, 4.5, "#cbd5e1"),
    card(820, 330, 300, 96),
    rect(844, 354, 48, 48, 14, "#ecfdf5"),
    `<path d="M 858 364 C 858 384, 872 396, 880 396 L 884 388 L 876 382 L 870 386 C 866 382, 864 378, 862 372 L 866 368 L 862 360 Z" fill="#10b981"/>`,
    rect(910, 360, 110, 11, 5.5, "#1e1b4b"),
    rect(910, 382, 170, 9, 4.5, "#cbd5e1"),
    card(130, 440, 330, 120),
    circle(178, 488, 24, "#fce7f3"),
    miniAvatar(178, 488, 20, "#ec4899"),
    rect(216, 472, 140, 11, 5.5, "#1e1b4b"),
    rect(216, 494, 210, 9, 4.5, "#cbd5e1"),
    rect(216, 512, 170, 9, 4.5, "#cbd5e1"),
  );
  c.grain(0.025, 12);
  return c.toString();
}

// ---------------------------------------------------------------------------------------
// Fallback image: a neutral picture glyph.

export function defaultImage(): string {
  const c = new Canvas(1200, 630);
  background(c, ["#e2e8f0", "#cbd5e1", "#94a3b8"]);
  c.glow(600, 315, 420, "#ffffff", 0.5);
  c.add(
    rect(
      470,
      185,
      260,
      260,
      48,
      "rgba(255,255,255,0.55)",
      'stroke="rgba(255,255,255,0.8)" stroke-width="2"',
    ),
    circle(650, 265, 24, "#94a3b8"),
    `<path d="M 505 405 L 575 310 L 625 370 L 655 335 L 700 405 Z" fill="#64748b"/>`,
  );
  return c.toString();
}
