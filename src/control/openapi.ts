// The OpenAPI document of the control API, served at /_emulator/openapi.json.

export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: { title: "skymock control API", version: "1" },
    paths: {},
  };
}
