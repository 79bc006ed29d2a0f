// zod schemas of Keystone's OS-OAUTH1 consumer bodies (keystone/oauth1/schema.py): a description, other
// keys kept; an update names something and never the secret.

import * as z from "zod";

const description = z.string().max(65535).nullable().optional();

export const consumerCreateSchema = z.object({ consumer: z.looseObject({ description }).optional() });
export type ConsumerCreate = NonNullable<z.infer<typeof consumerCreateSchema>["consumer"]>;

export const consumerUpdateSchema = z.object({
  consumer: z
    .looseObject({ description })
    .refine((v) => Object.keys(v).length > 0, "the update names no attribute")
    .refine((v) => !("secret" in v), "a consumer's secret cannot be changed"),
});
export type ConsumerUpdate = z.infer<typeof consumerUpdateSchema>["consumer"];
