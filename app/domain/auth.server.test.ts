import { describe, expect, it } from "vitest";
import { loginRedirectUrl, pageUrlOf, safeRedirectTo } from "./auth.server";

describe("safeRedirectTo", () => {
  it.each([
    ["/admin/dashboard", "/admin/dashboard"],
    ["/admin/dashboard/admins", "/admin/dashboard/admins"],
    ["/admin/dashboard/quotes?page=2&status=new", "/admin/dashboard/quotes?page=2&status=new"],
  ])("follows the admin page %s", (value, expected) => {
    expect(safeRedirectTo(value)).toBe(expected);
  });

  it.each([
    undefined,
    "",
    "admin/dashboard",
    "//evil.example/admin/dashboard",
    "/\\evil.example/admin/dashboard",
    "/admin/dashboard\\..\\..\\evil",
    "https://evil.example/admin/dashboard",
    "javascript:alert(1)",
    "/admin/dashboard/\u0000x",
    "/admin/dashboard/\nSet-Cookie: x",
    "/admin/login",
    "/admin/dashboardx",
    "/blog",
    "/admin/dashboard/../../blog",
    `/admin/dashboard/${"x".repeat(3000)}`,
  ])("falls back to the dashboard for %j", (value) => {
    expect(safeRedirectTo(value)).toBe("/admin/dashboard");
  });
});

describe("pageUrlOf / loginRedirectUrl", () => {
  it("keeps the page and its query", () => {
    const request = new Request("http://localhost/admin/dashboard/quotes?page=2");
    expect(pageUrlOf(request)).toBe("/admin/dashboard/quotes?page=2");
    expect(loginRedirectUrl(request)).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fquotes%3Fpage%3D2",
    );
  });

  it("turns a client-side data request back into the page's URL", () => {
    const data = (path: string) => pageUrlOf(new Request(`http://localhost${path}`));
    expect(data("/admin/dashboard/admins.data?_routes=routes%2Fadmin%2Fadmins")).toBe(
      "/admin/dashboard/admins",
    );
    expect(data("/admin/dashboard.data?index&_routes=x&page=3")).toBe("/admin/dashboard?page=3");
    expect(data("/admin/dashboard/_.data")).toBe("/admin/dashboard/");
    expect(data("/_root.data")).toBe("/");
  });
});
