// Where validation messages show: once, by the first field they concern, with a summary above
// the form linking to every field to correct (placeErrors, placedField, ErrorSummary).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary, placedField, placeErrors } from "./error-summary";

const SHARED = "Name, title, and text are required.";
const field = (name: string, errors?: string[]) => ({
  label: name[0]?.toUpperCase() + name.slice(1),
  id: `t-${name}`,
  errorId: `t-${name}-error`,
  errors,
});

describe("placeErrors", () => {
  it("shows a message shared by three fields once, under the first, and links all three", () => {
    const fields = [field("name", [SHARED]), field("title", [SHARED]), field("text", [SHARED])];
    const placement = placeErrors(fields);
    expect(fields.map((f) => placement.shown(f.id))).toEqual([[SHARED], [], []]);
    // The other two are described by the line that shows their message.
    expect(fields.map((f) => placement.errorIdOf(f.id))).toEqual([
      "t-name-error",
      "t-name-error",
      "t-name-error",
    ]);
    expect(placement.summary).toEqual([
      { label: "Name", href: "#t-name" },
      { label: "Title", href: "#t-title" },
      { label: "Text", href: "#t-text" },
    ]);
  });

  it("puts a shared message by the first field that has it, and keeps other messages", () => {
    const fields = [
      field("name"),
      field("title", [SHARED]),
      field("rating", ["Rating must be between 1 and 5."]),
      field("text", [SHARED]),
    ];
    const placement = placeErrors(fields);
    expect(fields.map((f) => placement.shown(f.id))).toEqual([
      [],
      [SHARED],
      ["Rating must be between 1 and 5."],
      [],
    ]);
    expect(placement.errorIdOf("t-text")).toBe("t-title-error");
    expect(placement.errorIdOf("t-name")).toBe("t-name-error");
    expect(placement.summary).toEqual([
      { label: "Title", href: "#t-title" },
      { label: "Rating", href: "#t-rating" },
      { label: "Text", href: "#t-text" },
    ]);
  });

  it("gives a field's metadata the placed errors and error line, nothing else changed", () => {
    const placement = placeErrors([field("name", [SHARED]), field("title", [SHARED])]);
    const title = placedField({ ...field("title", [SHARED]), valid: false }, placement);
    expect(title.errors).toEqual([]);
    expect(title.errorId).toBe("t-name-error");
    expect(title.valid).toBe(false);
    const untouched = placedField(field("link"), placement);
    expect(untouched.errors).toBeUndefined();
    expect(untouched.errorId).toBe("t-link-error");
  });
});

describe("ErrorSummary", () => {
  it("says what went wrong with the form, then links to each field to correct", () => {
    const html = renderToStaticMarkup(
      <ErrorSummary
        id="form-error"
        formErrors={["Could not save."]}
        fieldErrors={[
          { label: "Name", href: "#t-name" },
          { label: "Title", href: "#t-title" },
        ]}
      />,
    );
    expect(html).toContain('id="form-error" role="alert"');
    expect(html).toContain("<p>Could not save.</p>");
    expect(html.replace(/<a [^>]*href="([^"]+)"[^>]*>/g, "<a $1>")).toContain(
      "Correct these fields: <a #t-name>Name</a>, <a #t-title>Title</a>.",
    );
  });

  it("names one field in the singular", () => {
    const html = renderToStaticMarkup(
      <ErrorSummary fieldErrors={[{ label: "Link", href: "#t-link" }]} />,
    );
    expect(html).toMatch(/Correct this field: <a [^>]*>Link<\/a>\./);
  });

  it("draws nothing when there is nothing to correct", () => {
    expect(renderToStaticMarkup(<ErrorSummary formErrors={[]} fieldErrors={[]} />)).toBe("");
  });
});
