// A request that hits a database outage inside a loader becomes the 503 page, not a 500.
import { MongoNetworkError, MongoServerError } from "mongodb";
import {
  type EntryContext,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  type LoaderFunctionArgs,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import handleRequest, { handleDataRequest, handleError } from "./entry.server";

const args = (request: Request) =>
  ({ request, params: {}, context: {} }) as unknown as LoaderFunctionArgs;

describe("database errors during a request", () => {
  it("turn the document into the friendly 503 page", async () => {
    const request = new Request("http://localhost/");
    handleError(new MongoNetworkError("connection reset"), args(request));
    const response = await handleRequest(request, 500, new Headers(), {} as EntryContext);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    const html = await response.text();
    expect(html).toContain("We'll be right back");
    expect(html).not.toContain("connection reset");
  });

  it("turn a client navigation's data request into a 503", async () => {
    const request = new Request("http://localhost/_root.data");
    handleError(new MongoNetworkError("down"), args(request));
    const response = await handleDataRequest(new Response("x"), {
      ...args(request),
      context: {} as never,
    });
    expect(response.status).toBe(503);
  });

  it("leave other errors to the error page, and log them", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/other");
    const bug = new MongoServerError({ message: "bad query", code: 2 });
    handleError(bug, args(request));
    expect(spy).toHaveBeenCalledWith(bug);
    const passthrough = new Response("ok");
    expect(await handleDataRequest(passthrough, { ...args(request), context: {} as never })).toBe(
      passthrough,
    );
    spy.mockRestore();
  });
});

describe("client errors", () => {
  it("are not logged (anyone could flood the log with them)", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/about", { method: "POST" });
    // What React Router hands to handleError for a POST to a page without an action.
    handleError(new ErrorResponseImpl(405, "Method Not Allowed", "no action"), args(request));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
