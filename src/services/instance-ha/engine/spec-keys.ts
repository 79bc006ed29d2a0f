// The spec's (Masakari's) names of two settings beside the camelCase ones: `notification_drivers` and the
// section `recovery_workflow_on_stop` with its `targets` (a comma-separated ordered list, or a list). A
// config file's `instanceHa` object and PUT /_emulator/instance-ha/config take either spelling; both at
// once must say the same.

/** spec key -> the camelCase key the engine reads */
export const SPEC_KEYS = {
  notification_drivers: "notificationDrivers",
  recovery_workflow_on_stop: "recoveryWorkflowOnStop",
} as const;

/** A list as given, or Masakari's comma-separated string as one; anything else as it is (the schema refuses it). */
const listOf = (value: unknown): unknown =>
  typeof value === "string" ? value.split(",").map((s) => s.trim()).filter(Boolean) : value;

/** What a value says once spelled one way: lists compared as lists, `{ targets }` by its targets. */
function meaning(value: unknown): string {
  if (value && typeof value === "object" && !Array.isArray(value) && "targets" in value) {
    return JSON.stringify({ ...value, targets: listOf((value as { targets: unknown }).targets) });
  }
  return JSON.stringify(listOf(value));
}

/**
 * The object with the spec's keys renamed to the camelCase ones; `problem` when both spellings of a setting
 * are given and disagree. A value that is not an object is returned as it is.
 */
export function camelCaseKeys(raw: unknown): { value: unknown; problem?: string } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { value: raw };
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [spec, camel] of Object.entries(SPEC_KEYS)) {
    if (!(spec in out)) continue;
    const given = out[spec];
    delete out[spec];
    if (camel in out && meaning(out[camel]) !== meaning(given)) {
      return {
        value: raw,
        problem: `${spec} and ${camel} are two spellings of one setting and disagree (${JSON.stringify(given)} and ${JSON.stringify(out[camel])}); give one of them.`,
      };
    }
    out[camel] = given;
  }
  return { value: out };
}
