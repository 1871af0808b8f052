/** Maps of lists, as the checks index rules, binders and edges by a key. */

/** Appends `value` to the list of `key`, making the list when it is the first. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
