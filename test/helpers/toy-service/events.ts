// The toy service's events, `<service>.<resource>.<past-tense>`. A real service merges its map into the
// kernel's EventMap here (`declare module ".../kernel/events.js"`, see src/services/compute/events.ts); the toy
// does not, because the kernel's own tests emit `toy.*` events of any shape.

export type ToyEvents = {
  "toy.widget.created": { id: string; name: string; projectId: string };
  "toy.widget.deleted": { id: string };
  /** `reason`: a break through the control API says why */
  "toy.widget.status_changed": { id: string; from: string; to: string; reason?: string | null };
};
