import { describe, expect, it } from "vitest";
import { z } from "zod";
import { configureZodForTheBrowser } from "./zod-jitless";

describe("zod-jitless", () => {
  it("turns zod's compiled parsers off without importing zod", () => {
    const before = z.config().jitless;
    try {
      configureZodForTheBrowser();
      expect(z.config().jitless).toBe(true);
    } finally {
      z.config({ jitless: before });
    }
  });
});
