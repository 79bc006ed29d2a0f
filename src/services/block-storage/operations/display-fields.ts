// The name and description an update body sets on a volume or a snapshot (cinder/api/v3/volumes.py and
// v3/snapshots.py update): `name` wins over its v1 spelling `display_name`, `description` over
// `display_description`; a field the body leaves out keeps its value, an explicit null clears it.

export interface DisplayFieldsBody {
  name?: string | null;
  display_name?: string | null;
  description?: string | null;
  display_description?: string | null;
}

export function applyDisplayFields(target: { name: string | null; description: string | null }, body: DisplayFieldsBody): void {
  const name = body.name !== undefined ? body.name : body.display_name;
  const description = body.description !== undefined ? body.description : body.display_description;
  if (name !== undefined) target.name = name;
  if (description !== undefined) target.description = description;
}
