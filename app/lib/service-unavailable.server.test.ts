// The pages of a database outage: self-contained, their <style> under the response's nonce,
// and a form sent without JavaScript given back, escaped, ready to send again.
import { describe, expect, it } from "vitest";
import { formNotSentPage, serviceUnavailablePage } from "./service-unavailable.server";

describe("formNotSentPage", () => {
  it("never echoes a password, and posts only to a path of this site", () => {
    const signIn = formNotSentPage("//evil.example/x", [
      ["email", "ada@bureau.test"],
      ["password", "correct horse battery"],
    ]);
    expect(signIn).not.toContain("correct horse battery");
    expect(signIn).toContain('name="password" type="password"');
    expect(signIn).toContain('<form method="post" action="">');
    expect(signIn).toContain('value="ada@bureau.test"');
  });

  const page = formNotSentPage(
    "/contact",
    [
      ["formToken", "tok"],
      ["website", ""],
      ["name", 'Ada "<b>"'],
      ["message", "Line one\nLine <script>alert(1)</script>"],
    ],
    "n0nce",
  );

  it("gives back what was typed, escaped, in a form to the same address", () => {
    expect(page).toContain('<form method="post" action="/contact">');
    expect(page).toContain('name="name" value="Ada &quot;&lt;b&gt;&quot;"');
    expect(page).toContain("Line one\nLine &lt;script&gt;alert(1)&lt;/script&gt;</textarea>");
    expect(page).not.toContain("<script>");
    expect(page).toContain('<button type="submit">Send again</button>');
  });

  it("carries the protection fields unseen and the nonce on its style", () => {
    expect(page).toContain('<input type="hidden" name="formToken" value="tok">');
    expect(page).toContain('<input type="hidden" name="website" value="">');
    expect(page).not.toContain('<label for="field-0">FormToken</label>');
    expect(page).toContain('<style nonce="n0nce">');
    expect(serviceUnavailablePage("n0nce")).toContain('<style nonce="n0nce">');
  });
});
