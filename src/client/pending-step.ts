// A lifecycle step planned on the virtual clock, as the control API shows it (transitions, resource status,
// snapshots): one file of its own, because both types.ts and types-world.ts name it.

export interface PendingStep {
  type: string;
  resourceId: string;
  from: string;
  to: string;
  /** virtual epoch ms */
  enteredAt: number;
  /** virtual epoch ms; null when manual or stuck */
  dueAt: number | null;
  mode: "scheduled" | "manual" | "stuck";
}
