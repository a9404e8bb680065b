// The sprite is generated (npm run icons) and committed: it must be what the icon list makes
// today, or an icon added to the list would draw nothing.
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderSprite, SPRITE_FILE } from "../../../scripts/icon-sprite";
import { Icon } from "./icon";
import { SPRITE_ICONS } from "./sprite-icons";

describe("icon sprite", () => {
  it("icons.svg is up to date with sprite-icons.ts (run `npm run icons` if not)", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(renderSprite());
  });

  it("holds one drawn symbol per icon and weight", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    for (const [name, weights] of Object.entries(SPRITE_ICONS)) {
      for (const weight of weights) {
        expect(sprite).toMatch(
          new RegExp(`<symbol id="${name}-${weight}" viewBox="0 0 256 256"><path d="M`),
        );
      }
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(
      Object.values(SPRITE_ICONS).reduce((n, weights) => n + weights.length, 0),
    );
  });

  it("an icon points at its symbol in the sprite and is hidden from assistive technology", () => {
    const html = renderToStaticMarkup(<Icon name="map-pin" weight="duotone" className="h-5 w-5" />);
    expect(html).toMatch(
      /^<svg aria-hidden="true" focusable="false"[^>]* class="h-5 w-5"><use href="[^"#]*icons[^"#]*\.svg#map-pin-duotone"><\/use><\/svg>$/,
    );
    expect(renderToStaticMarkup(<Icon name="x" />)).toContain("#x-regular");
  });

  it("a weight an icon lacks does not compile, also when the name is one of several", () => {
    const oneOf = "clock" as "clock" | "map-pin";
    const drawn = [
      // @ts-expect-error clock has no duotone in the sprite (map-pin has)
      <Icon key="a" name={oneOf} weight="duotone" />,
      // @ts-expect-error books exists only as duotone: its weight cannot be left out
      <Icon key="b" name="books" />,
      <Icon key="c" name={oneOf} />,
    ];
    // The checks above are TypeScript's (npm run typecheck); this only keeps them in use.
    expect(drawn).toHaveLength(3);
  });
});
