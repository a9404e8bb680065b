// Renders the demo illustrations to public/demo/ (served at /demo/<file>).
//   npx tsx db/seed/images/generate.ts            # writes WebP files
//   npx tsx db/seed/images/generate.ts --preview /tmp/demo-preview   # also PNG copies to look at
// Everything is drawn from SVG written here and rasterised locally by sharp: no network, no
// fonts beyond the locally installed DejaVu Sans, and the same output on every run.
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { defaultAvatar, type Person, portrait } from "./people";
import {
  contactImage,
  coverCloudMigration,
  coverDesignSystem,
  coverInternships,
  coverMobileOnboarding,
  coverReactRouter,
  coverTechnicalSeo,
  coverWebVitals,
  defaultImage,
  heroHome,
  resourceMdn,
  resourceReact,
  resourceSearchCentral,
  resourceWcag,
  resourceWebDev,
  resourceWellArchitected,
  servicesHero,
} from "./scenes";

export const DEMO_IMAGE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../public/demo",
);

/** Team members and blog authors share portraits; testimonial clients have their own. */
export const PEOPLE: readonly Person[] = [
  {
    file: "team-elena-vasquez.webp",
    bg: ["#6366f1", "#a855f7"],
    skin: "#e0ac84",
    hair: "#2b1a12",
    style: "long",
    shirt: "#f8fafc",
    jacket: "#1e1b4b",
    accent: "#fbbf24",
  },
  {
    file: "team-jonas-richter.webp",
    bg: ["#0ea5e9", "#2563eb"],
    skin: "#f2cfb3",
    hair: "#8a6a4a",
    style: "sidepart",
    shirt: "#0f172a",
    glasses: "#0f172a",
    beard: true,
    accent: "#a5f3fc",
  },
  {
    file: "team-amara-okafor.webp",
    bg: ["#f97316", "#db2777"],
    skin: "#8d5a3b",
    hair: "#1a1110",
    style: "curly",
    shirt: "#fef3c7",
    accent: "#fde68a",
  },
  {
    file: "team-priya-raman.webp",
    bg: ["#14b8a6", "#0f766e"],
    skin: "#c68a62",
    hair: "#17100d",
    style: "bun",
    shirt: "#f43f5e",
    accent: "#ccfbf1",
  },
  {
    file: "team-tomas-ferreira.webp",
    bg: ["#334155", "#0f172a"],
    skin: "#d9a47c",
    hair: "#231812",
    style: "short",
    shirt: "#38bdf8",
    jacket: "#1f2937",
    beard: true,
    accent: "#38bdf8",
  },
  {
    file: "team-hana-kobayashi.webp",
    bg: ["#f472b6", "#8b5cf6"],
    skin: "#f0c9a8",
    hair: "#0d0d12",
    style: "bob",
    shirt: "#ffffff",
    glasses: "#7c2d12",
    accent: "#fdf2f8",
  },
  {
    file: "client-daniel-whitaker.webp",
    bg: ["#1d4ed8", "#0f172a"],
    skin: "#f3d2b8",
    hair: "#c7a27a",
    style: "short",
    shirt: "#e2e8f0",
    jacket: "#334155",
    accent: "#93c5fd",
  },
  {
    file: "client-sofia-lindqvist.webp",
    bg: ["#22c55e", "#0e7490"],
    skin: "#f5d6c0",
    hair: "#e3c07e",
    style: "wavy",
    shirt: "#0f172a",
    accent: "#fef08a",
  },
  {
    file: "client-marcus-bennett.webp",
    bg: ["#f59e0b", "#b45309"],
    skin: "#6f4530",
    hair: "#120c0a",
    style: "buzz",
    shirt: "#fff7ed",
    jacket: "#7c2d12",
    beard: true,
    accent: "#fff7ed",
  },
  {
    file: "client-aisha-rahman.webp",
    bg: ["#8b5cf6", "#4338ca"],
    skin: "#b7805a",
    hair: "#1c1210",
    style: "long",
    shirt: "#fde68a",
    glasses: "#1e1b4b",
    accent: "#f5d0fe",
  },
  {
    file: "client-lukas-brandt.webp",
    bg: ["#64748b", "#1e293b"],
    skin: "#edc6a6",
    hair: "#5b3a24",
    style: "sidepart",
    shirt: "#ffffff",
    jacket: "#0f766e",
    accent: "#99f6e4",
  },
];

export const SCENES: readonly { file: string; svg: () => string }[] = [
  { file: "hero-home.webp", svg: heroHome },
  { file: "services-hero.webp", svg: servicesHero },
  { file: "blog-react-router-migration.webp", svg: coverReactRouter },
  { file: "blog-core-web-vitals.webp", svg: coverWebVitals },
  { file: "blog-technical-seo-audit.webp", svg: coverTechnicalSeo },
  { file: "blog-cloud-migration.webp", svg: coverCloudMigration },
  { file: "blog-mobile-onboarding.webp", svg: coverMobileOnboarding },
  { file: "blog-design-systems.webp", svg: coverDesignSystem },
  { file: "blog-internship-90-days.webp", svg: coverInternships },
  { file: "resource-mdn.webp", svg: resourceMdn },
  { file: "resource-web-dev.webp", svg: resourceWebDev },
  { file: "resource-search-central.webp", svg: resourceSearchCentral },
  { file: "resource-react.webp", svg: resourceReact },
  { file: "resource-wcag.webp", svg: resourceWcag },
  { file: "resource-well-architected.webp", svg: resourceWellArchitected },
  { file: "contact.webp", svg: contactImage },
  { file: "default-image.webp", svg: defaultImage },
  { file: "default-avatar.webp", svg: () => defaultAvatar() },
  ...PEOPLE.map((p) => ({ file: p.file, svg: () => portrait(p) })),
];

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const previewAt = argv.indexOf("--preview");
  const previewDir = previewAt >= 0 ? argv[previewAt + 1] : undefined;
  const only = argv.filter(
    (a, i) => !a.startsWith("--") && !(previewAt >= 0 && i === previewAt + 1),
  );
  await mkdir(DEMO_IMAGE_DIR, { recursive: true });
  if (previewDir) await mkdir(previewDir, { recursive: true });

  for (const scene of SCENES) {
    if (only.length > 0 && !only.some((o) => scene.file.includes(o))) continue;
    const svg = Buffer.from(scene.svg());
    const image = sharp(svg, { density: 72 });
    await image
      .clone()
      .webp({ quality: 78, effort: 6, smartSubsample: true })
      .toFile(path.join(DEMO_IMAGE_DIR, scene.file));
    if (previewDir) {
      await image
        .clone()
        .png()
        .toFile(path.join(previewDir, scene.file.replace(/\.webp$/, ".png")));
      await writeFile(path.join(previewDir, scene.file.replace(/\.webp$/, ".svg")), svg);
    }
  }

  let total = 0;
  for (const name of await readdir(DEMO_IMAGE_DIR))
    total += (await stat(path.join(DEMO_IMAGE_DIR, name))).size;
  console.log(`public/demo: ${SCENES.length} images, ${(total / 1024).toFixed(0)} KiB in total`);
}

await main();
