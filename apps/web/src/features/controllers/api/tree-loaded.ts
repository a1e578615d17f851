/**
 * A `combine` of useQueries for the tree: the data of the queries loaded so far, by the controller id each was for
 * (`ids` in the order of the queries).
 */
export const loadedById =
  <T>(ids: readonly string[]) =>
  (results: readonly { data: T | undefined }[]): ReadonlyMap<string, T> => {
    const loaded = new Map<string, T>();
    results.forEach((r, i) => {
      const id = ids[i];
      if (id !== undefined && r.data) loaded.set(id, r.data);
    });
    return loaded;
  };
