import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import {
  bodyLimitFor,
  limitRequestBodies,
  MAX_BODY_BYTES,
  UPLOAD_MAX_BODY_BYTES,
} from "./body-limit.server";

/** What `limitRequestBodies(max)` did with one request: passed it on, or answered it how. */
function answer(
  request: { method: string; path: string; headers: Record<string, string>; originalUrl?: string },
  max?: number,
) {
  const out = { status: 0, json: undefined as unknown, body: "", type: "", passed: false };
  const res = {
    status(code: number) {
      out.status = code;
      return res;
    },
    set: () => res,
    type(type: string) {
      out.type = type;
      return res;
    },
    send(text: string) {
      out.body = text;
      return res;
    },
    json(body: unknown) {
      out.json = body;
      return res;
    },
  } as unknown as Response;
  const next = vi.fn();
  limitRequestBodies(max)(request as unknown as Request, res, next as unknown as NextFunction);
  out.passed = next.mock.calls.length === 1;
  return out;
}

const run = (method: string, headers: Record<string, string>, max = 100, path = "/contact") =>
  answer({ method, headers, path }, max);

/** A multipart POST to `path` (sent as `originalUrl`) declaring `length` bytes. */
const upload = (path: string, length: number, originalUrl = path) =>
  answer({
    method: "POST",
    path,
    originalUrl,
    headers: {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(length),
    },
  });

describe("limitRequestBodies", () => {
  it("lets reads and bodies within the limit through", () => {
    expect(run("GET", {}).passed).toBe(true);
    expect(run("POST", { "content-length": "100" }).passed).toBe(true);
    expect(run("POST", {}).passed).toBe(true); // no body at all
  });
  it("answers 413 to a declared body over the limit", () => {
    expect(run("POST", { "content-length": "101" })).toMatchObject({ status: 413, passed: false });
    expect(run("PUT", { "content-length": "99999999999" }).status).toBe(413);
  });
  it("answers 411 to a streamed body of unknown size and 400 to a nonsense length", () => {
    expect(run("POST", { "transfer-encoding": "chunked" })).toMatchObject({
      status: 411,
      passed: false,
    });
    expect(run("POST", { "content-length": "-1" }).status).toBe(400);
    expect(run("POST", { "content-length": "abc" }).status).toBe(400);
  });
  it("answers the JSON API in its own shape", () => {
    const refused = run("POST", { "content-length": "101" }, 100, "/api/faqs");
    expect(refused.status).toBe(413);
    expect(refused.json).toEqual({
      success: false,
      message: expect.stringMatching(/^The body is too large/),
    });
  });
});

describe("bodyLimitFor", () => {
  const req = (method: string, path: string, type?: string) => ({
    method,
    path,
    headers: type ? { "content-type": type } : {},
  });
  it("gives the upload limit only to multipart posts to the admin editors", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(bodyLimitFor(req("POST", "/admin/dashboard/hero", multipart) as never)).toBe(
      UPLOAD_MAX_BODY_BYTES,
    );
    expect(bodyLimitFor(req("POST", "/admin/dashboard/hero.data", multipart) as never)).toBe(
      UPLOAD_MAX_BODY_BYTES,
    );
    expect(bodyLimitFor(req("POST", "/admin/dashboard/uploads", multipart) as never)).toBe(
      UPLOAD_MAX_BODY_BYTES,
    );
  });
  it("gives it to exactly the JSON API's multipart POST /api/images", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(bodyLimitFor(req("POST", "/api/images", multipart) as never)).toBe(
      UPLOAD_MAX_BODY_BYTES,
    );
    expect(bodyLimitFor(req("POST", "/api/images", "application/json") as never)).toBe(
      MAX_BODY_BYTES,
    );
    expect(bodyLimitFor(req("PUT", "/api/images", multipart) as never)).toBe(MAX_BODY_BYTES);
    for (const path of ["/api/images/x", "/api/imagesx", "/api/blog", "/api/faqs"]) {
      expect(bodyLimitFor(req("POST", path, multipart) as never)).toBe(MAX_BODY_BYTES);
    }
  });
  it("decides from the path the router matches, not the one sent (issue 20, finding 2)", () => {
    const multipart = "multipart/form-data; boundary=x";
    for (const path of [
      "/admin/dashboard/../../quote",
      "/admin/dashboard/%2e%2e/%2E%2E/quote",
      "/admin/dashboard/.%2e/../login",
      "/admin/dashboard/..\\..\\contact",
      // The router's path is //x/admin/dashboard/a (its 404), not another host's.
      "//x/admin/dashboard/a",
    ]) {
      expect(bodyLimitFor(req("POST", path, multipart) as never), path).toBe(MAX_BODY_BYTES);
    }
  });
  it("keeps 1 MiB everywhere else", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(bodyLimitFor(req("POST", "/admin/login", multipart) as never)).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor(req("POST", "/contact", multipart) as never)).toBe(MAX_BODY_BYTES);
    expect(
      bodyLimitFor(
        req("POST", "/admin/dashboard/hero", "application/x-www-form-urlencoded") as never,
      ),
    ).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor(req("PUT", "/admin/dashboard/hero", multipart) as never)).toBe(
      MAX_BODY_BYTES,
    );
  });
  it("refuses a 2 MiB login post but lets a 2 MiB hero upload through", () => {
    const outcome = (path: string) => {
      const { passed, status } = upload(path, 2 * 1024 * 1024);
      return passed ? "passed" : status;
    };
    expect(outcome("/admin/login")).toBe(413);
    expect(outcome("/admin/dashboard/hero")).toBe("passed");
  });
});

describe("an admin upload over the upload limit", () => {
  it("gets a page with the editors' message and a way back, not a bare 413", () => {
    const { status, type, body } = upload(
      "/admin/dashboard/blogs",
      UPLOAD_MAX_BODY_BYTES + 1,
      "/admin/dashboard/blogs?edit=abc",
    );
    expect(status).toBe(413);
    expect(type).toBe("html");
    expect(body).toContain("Image upload failed. Please try again.");
    expect(body).toContain('href="/admin/dashboard/blogs"');
  });
});

describe("an API upload over the upload limit", () => {
  it("gets the API's JSON 413 naming the 16 MiB limit, not the editors' page", () => {
    const { status, json } = upload("/api/images", UPLOAD_MAX_BODY_BYTES + 1);
    expect(status).toBe(413);
    expect(json).toEqual({ success: false, message: "The body is too large: at most 16 MiB." });
  });
});
