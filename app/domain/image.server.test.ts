// Cloudinary uploads, unsigned as the original editors made them: with CLOUDINARY_CLOUD_NAME and
// CLOUDINARY_UPLOAD_PRESET set, a validated file is posted there (file + upload_preset) and its
// secure_url kept; nothing goes to GridFS, and a failed or odd answer is the upload failure text.
// The environment is read once, at first use: this file needs a fresh module graph.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, getDb } from "#db/client.server";
import { IMAGE_UPLOAD_FAILED } from "./image";
import { IMAGE_BUCKET, storeImage } from "./image.server";

beforeAll(() => {
  process.env.CLOUDINARY_CLOUD_NAME = "demo-cloud";
  process.env.CLOUDINARY_UPLOAD_PRESET = "bureau_unsigned";
});
afterAll(async () => {
  delete process.env.CLOUDINARY_CLOUD_NAME;
  delete process.env.CLOUDINARY_UPLOAD_PRESET;
  vi.unstubAllGlobals();
  await closeDatabase();
});

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();

describe("storeImage with Cloudinary configured", () => {
  it("posts file and upload_preset and keeps secure_url", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ secure_url: "https://res.cloudinary.com/demo-cloud/image/upload/v1/x.png" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const stored = await storeImage(new Blob([await png()]));
    expect(stored).toEqual({
      ok: true,
      url: "https://res.cloudinary.com/demo-cloud/image/upload/v1/x.png",
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://api.cloudinary.com/v1_1/demo-cloud/image/upload");
    const body = init.body as FormData;
    expect(body.get("upload_preset")).toBe("bureau_unsigned");
    expect((body.get("file") as Blob).type).toBe("image/png");
    const files = await (await getDb()).collection(`${IMAGE_BUCKET}.files`).countDocuments();
    expect(files).toBe(0);
  });

  it.each([
    ["an error status", () => new Response("nope", { status: 400 })],
    ["no secure_url", () => Response.json({ url: "http://insecure.example/x.png" })],
  ])("answers the failure text on %s", async (_, answer) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer()),
    );
    expect(await storeImage(new Blob([await png()]))).toEqual({
      ok: false,
      message: IMAGE_UPLOAD_FAILED,
    });
  });

  it("never posts a refused file", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']);
    expect((await storeImage(svg)).ok).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
