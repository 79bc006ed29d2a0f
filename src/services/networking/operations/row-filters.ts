// List filters answered on the stored row, before its view is made: for a field whose view value is the
// row's own string, equality on the row is the same test the list makes on the view (listBody), which
// still checks every filter. A filtered list of many rows then renders only the ones that match.

/** A test on the row for the filters among `fields` that the query names (values of one key: any of them). */
export function rowFilter<T>(queries: Readonly<Record<string, string[]>>, fields: Readonly<Record<string, (row: T) => string>>): (row: T) => boolean {
  const tests: Array<(row: T) => boolean> = [];
  for (const [key, field] of Object.entries(fields)) {
    const wanted = Object.hasOwn(queries, key) ? queries[key] : undefined;
    if (wanted && wanted.length > 0) tests.push((row) => wanted.includes(field(row)));
  }
  return (row) => tests.every((test) => test(row));
}
