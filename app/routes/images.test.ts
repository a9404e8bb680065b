// GET /images/:id: the stored bytes with their type and a year-long immutable cache; 404 for
// unknown and malformed ids.
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import { storeImage } from "~/domain/image.server";
import { loader } from "./images";

afterAll(closeDatabase);

const get = (id: string) =>
  loader({
    request: new Request(`http://localhost/images/${id}`),
    params: { id },
    context: {},
  } as never);

describe("/images/:id", () => {
  it("serves a stored image with its content type and an immutable cache", async () => {
    const bytes = await sharp({ create: { width: 5, height: 4, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    const stored = await storeImage(new Blob([bytes]));
    if (!stored.ok) throw new Error(stored.message);
    const response = await get(stored.url.slice("/images/".length));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it.each([
    "0123456789abcdef01234567",
    "not-an-id",
    "hello-world!",
    "0123456789abcdef0123456",
    "%00",
  ])("answers 404 for %s", async (id) => {
    const response = await get(id);
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
