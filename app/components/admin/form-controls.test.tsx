import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FlashMessage } from "./form-controls";

describe("FlashMessage", () => {
  it("announces an error flash in the same live region as a success, drawn as an error", () => {
    const success = renderToStaticMarkup(<FlashMessage message="FAQ deleted." />);
    const error = renderToStaticMarkup(
      <FlashMessage message="Unexpected error: the change could not be saved." tone="error" />,
    );
    for (const html of [success, error]) {
      expect(html).toMatch(/^<div role="status" aria-live="polite" tabindex="-1"/);
    }
    expect(success).toContain("bg-green-50");
    expect(success).not.toContain("bg-red-50");
    expect(error).toContain("bg-red-50");
    expect(error).not.toContain("bg-green-50");
    expect(error).toContain("Unexpected error: the change could not be saved.");
  });
});
