// Responsive images (issue 10; docs/decisions/017): the home page's hero offers resized variants
// and loads first, images further down wait until they are scrolled to, and /images/<id>?w=
// answers a smaller AVIF to a browser that accepts one. HTTP only: no browser is needed.
import { demoImageUrl } from "../../db/seed/demo-images";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: one project is enough");

const HERO = demoImageUrl("hero-home.webp");

/** The attributes of every <img> in a page's HTML (React writes srcSet, fetchPriority). */
function images(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\s([^>]*)>/g)].map((m) =>
    Object.fromEntries(
      [...(m[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [
        (a[1] ?? "").toLowerCase(),
        a[2] ?? "",
      ]),
    ),
  );
}

test("the home hero has srcset, sizes, a size and high priority; images below it are lazy", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const all = images(html);
  const hero = all.find((img) => img.src === HERO);
  expect(hero, "the seeded hero is a stored image").toBeDefined();
  expect(hero?.srcset).toContain(`${HERO}?w=640 640w`);
  expect(hero?.srcset).toContain(`${HERO}?w=1920 1920w`);
  expect(hero?.sizes).toBeTruthy();
  expect(hero?.fetchpriority).toBe("high");
  expect(hero?.loading).toBeUndefined();
  expect(Number(hero?.width)).toBeGreaterThan(0);
  expect(Number(hero?.height)).toBeGreaterThan(0);
  // The testimonials' avatars and the blog cards come further down the page.
  const below = all.filter((img) => img !== hero);
  expect(below.length).toBeGreaterThan(3);
  for (const img of below) {
    expect(img.loading, img.src).toBe("lazy");
    expect(img.srcset, img.src).toMatch(/\?w=96 96w/);
    expect(img.sizes, img.src).toBeTruthy();
  }
});

test("?w=640 with Accept: image/avif answers a smaller AVIF; a width not offered is a 400", async ({
  request,
}) => {
  const original = await request.get(HERO);
  expect(original.status()).toBe(200);
  const originalBytes = (await original.body()).byteLength;
  const avif = await request.get(`${HERO}?w=640`, {
    headers: { Accept: "image/avif,image/webp,*/*" },
  });
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers().vary).toBe("Accept");
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await avif.body()).byteLength).toBeLessThan(originalBytes);
  const refused = await request.get(`${HERO}?w=641`);
  expect(refused.status()).toBe(400);
});
