import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { limitRequestBodies } from "./body-limit.server";

function run(method: string, headers: Record<string, string>, max = 100) {
  let status = 0;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    set: () => res,
    type: () => res,
    send: () => res,
  } as unknown as Response;
  const next = vi.fn() as unknown as NextFunction;
  limitRequestBodies(max)({ method, headers } as unknown as Request, res, next);
  return { status, passed: (next as unknown as ReturnType<typeof vi.fn>).mock.calls.length === 1 };
}

describe("limitRequestBodies", () => {
  it("lets reads and bodies within the limit through", () => {
    expect(run("GET", {}).passed).toBe(true);
    expect(run("POST", { "content-length": "100" }).passed).toBe(true);
    expect(run("POST", {}).passed).toBe(true); // no body at all
  });
  it("answers 413 to a declared body over the limit", () => {
    expect(run("POST", { "content-length": "101" })).toEqual({ status: 413, passed: false });
    expect(run("PUT", { "content-length": "99999999999" }).status).toBe(413);
  });
  it("answers 411 to a streamed body of unknown size and 400 to a nonsense length", () => {
    expect(run("POST", { "transfer-encoding": "chunked" })).toEqual({ status: 411, passed: false });
    expect(run("POST", { "content-length": "-1" }).status).toBe(400);
    expect(run("POST", { "content-length": "abc" }).status).toBe(400);
  });
});
