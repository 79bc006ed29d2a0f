// SkymockContainer.withControlToken(), without Docker: the container gets SKYMOCK_CONTROL_TOKEN, and the
// client it hands out (control) sends the token, whether the builder or a config object set it.

import { describe, expect, it } from "vitest";
import { controlTokenOf, SkymockContainer } from "../../src/testcontainers/index.js";

describe("SkymockContainer.withControlToken", () => {
  it("sets SKYMOCK_CONTROL_TOKEN; none by default", () => {
    expect(new SkymockContainer().withControlToken("s3cret").setup().environment).toEqual({
      SKYMOCK_HOST: "0.0.0.0",
      SKYMOCK_PORT: "8480",
      SKYMOCK_CONTROL_TOKEN: "s3cret",
    });
    expect(new SkymockContainer().setup().environment).not.toHaveProperty("SKYMOCK_CONTROL_TOKEN");
  });

  it("hands the client the builder's token, else a config object's (which the container reads from its file)", () => {
    expect(controlTokenOf({ controlToken: "a" })).toBe("a");
    expect(controlTokenOf({ controlToken: "a", config: { controlToken: "b" } })).toBe("a");
    expect(controlTokenOf({ config: { controlToken: "b" } })).toBe("b");
    expect(controlTokenOf({ config: "controlToken: c\n" })).toBeUndefined();
    expect(controlTokenOf({})).toBeUndefined();
  });
});
