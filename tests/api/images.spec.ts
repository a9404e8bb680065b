// POST /api/images: the JSON API's image upload (the clients posted multipart with a
// `file` field and kept `secure_url`), checked like the editors' uploads: the type read from
// the bytes, at most 5 MB, and only with a token.
import http from "node:http";
import { imageServed, pngBytes, rowAt, STORED, uploadPng } from "./content-support";
import { expect, expectFieldError, expectRefusal, send, test } from "./fixtures";

const FAILED = "Image upload failed. Please try again.";

/**
 * Sends only the headers of a POST to /api/images declaring `length` bytes and answers the
 * server's reply: what a client meets when the server answers before reading the body.
 */
function headersOnly(
  baseURL: string | undefined,
  headers: Record<string, string>,
  length: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseURL}/api/images`, {
      method: "POST",
      headers: {
        ...headers,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(length),
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

test.describe("POST /api/images", () => {
  test("stores a real PNG (201) and answers secure_url and url", async ({
    request,
    auth,
    baseURL,
  }) => {
    const response = await request.post("/api/images", {
      headers: auth,
      multipart: { file: { name: "photo.png", mimeType: "image/png", buffer: await pngBytes() } },
    });
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(body.url).toMatch(STORED);
    expect(body.secure_url).toBe(`${baseURL}${body.url}`);
    const image = await request.get(body.url);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(
      Buffer.from(await image.body())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  test("its address is saved in a blog post, which then shows it", async ({ request, auth }) => {
    const { secure_url, url } = await uploadPng(request, auth);
    const response = await send(
      request,
      "post",
      "/api/blog",
      {
        title: "With an uploaded cover",
        description: "Body",
        imageUrl: secure_url,
        author: "Ada",
      },
      auth,
    );
    expect(response.status()).toBe(201);
    const post = (await response.json()).data;
    expect(post.imageUrl).toBe(url);
    expect((await rowAt(request, "/api/blog")).imageUrl).toBe(url);
    const page = await request.get(`/blog/${post._id}`);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(url);
    expect(await imageServed(request, url)).toBe(true);
  });

  test("needs a token: none or a bad one is a 401", async ({ request }) => {
    const multipart = {
      file: { name: "photo.png", mimeType: "image/png", buffer: await pngBytes() },
    };
    const none = await request.post("/api/images", { multipart });
    expect(none.headers()["www-authenticate"]).toMatch(/^Bearer/);
    await expectRefusal(none, 401);
    await expectRefusal(
      await request.post("/api/images", {
        headers: { Authorization: "Bearer not-a-real-token" },
        multipart,
      }),
      401,
    );
  });

  test("refuses a missing token before reading the body", async ({ baseURL }) => {
    // 10 MiB declared, none sent: the 401 comes without the server waiting for the bytes.
    const answer = await headersOnly(baseURL, {}, 10 * 1024 * 1024);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).success).toBe(false);
  });

  test("refuses a file that is no image, an SVG, a file over 5 MB, or no file", async ({
    request,
    auth,
  }) => {
    const big = Buffer.alloc(6_000_000);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const refused = [
      { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("hello, not an image") },
      {
        name: "x.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      },
      // An executable renamed .png.
      {
        name: "setup.png",
        mimeType: "image/png",
        buffer: Buffer.from("MZ\x90\x00\x03\x00\x00\x00"),
      },
      { name: "big.png", mimeType: "image/png", buffer: big },
    ];
    for (const file of refused) {
      const response = await request.post("/api/images", { headers: auth, multipart: { file } });
      expect(await expectFieldError(response, "file")).toBe(FAILED);
    }
    // The picture under another field name, or an empty file.
    const elsewhere = await request.post("/api/images", {
      headers: auth,
      multipart: { image: { name: "a.png", mimeType: "image/png", buffer: await pngBytes() } },
    });
    expect(await expectFieldError(elsewhere, "file")).toBe(FAILED);
    const empty = await request.post("/api/images", {
      headers: auth,
      multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.alloc(0) } },
    });
    expect(await expectFieldError(empty, "file")).toBe(FAILED);
  });

  test("takes multipart only: JSON or form-urlencoded is a 415", async ({ request, auth }) => {
    await expectRefusal(
      await request.post("/api/images", { headers: auth, data: { file: "x" } }),
      415,
    );
    await expectRefusal(
      await request.post("/api/images", { headers: auth, form: { file: "x" } }),
      415,
    );
  });

  test("answers a JSON 413 to a declared body past the 16 MiB upload limit", async ({
    auth,
    baseURL,
  }) => {
    // Only the headers: the server refuses by the declared length before reading anything (a
    // client that went on writing 17 MiB would meet the closed socket).
    const answer = await headersOnly(baseURL, auth, 17 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      message: "The body is too large: at most 16 MiB.",
    });
  });

  test("answers 405 with Allow to other methods", async ({ request, auth }) => {
    const response = await request.get("/api/images", { headers: auth });
    await expectRefusal(response, 405);
    expect(response.headers().allow).toBe("POST, OPTIONS");
  });
});
