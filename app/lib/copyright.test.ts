import { describe, expect, it } from "vitest";
import { companyNameOnly, copyrightLine } from "./copyright";

describe("companyNameOnly", () => {
  it("keeps a plain company name as typed", () => {
    expect(companyNameOnly("Bureau Digital GmbH")).toBe("Bureau Digital GmbH");
    expect(companyNameOnly("Acme Inc.")).toBe("Acme Inc.");
    expect(companyNameOnly("2026 Studios")).toBe("2026 Studios");
  });

  it("takes off the decorations of a whole copyright line typed in its place", () => {
    expect(companyNameOnly("© 2026 Bureau Digital GmbH. All rights reserved.")).toBe(
      "Bureau Digital GmbH",
    );
    expect(companyNameOnly("Copyright (c) 2020–2026, Acme Inc.. All Rights Reserved")).toBe(
      "Acme Inc.",
    );
    expect(companyNameOnly("©Acme, all rights reserved")).toBe("Acme");
  });
});

describe("copyrightLine", () => {
  it("says the year, the name and 'All rights reserved.' exactly once", () => {
    expect(copyrightLine(2026, "Bureau Digital GmbH")).toBe(
      "© 2026 Bureau Digital GmbH. All rights reserved.",
    );
    expect(copyrightLine(2026, "© 2026 Bureau Digital GmbH. All rights reserved.")).toBe(
      "© 2026 Bureau Digital GmbH. All rights reserved.",
    );
    expect(copyrightLine(2027, "Acme Inc.")).toBe("© 2027 Acme Inc. All rights reserved.");
  });
});
