import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_IMAGE } from "./fallback-image";
import { RESOURCE_FALLBACK_IMAGE, ResourceCard } from "./resource-card";

const resource = {
  _id: "0123456789abcdef01234567",
  title: "MDN Web Docs",
  description: "The reference for HTML, CSS and JavaScript.",
  link: "https://developer.mozilla.org/",
  imageAlt: "",
  imageDecorative: false,
};

const imageOf = (image: string) =>
  renderToStaticMarkup(<ResourceCard resource={{ ...resource, image }} />).match(
    /<img [^>]*src="([^"]*)"/,
  )?.[1];

describe("ResourceCard", () => {
  it("shows its own picture when it has one", () => {
    expect(imageOf("/images/0123456789abcdef01234567")).toBe("/images/0123456789abcdef01234567");
  });

  it("draws a resource without a picture in the cards' style, not the generic placeholder", () => {
    expect(imageOf("")).toBe(RESOURCE_FALLBACK_IMAGE);
    expect(RESOURCE_FALLBACK_IMAGE).not.toBe(DEFAULT_IMAGE);
  });
});
