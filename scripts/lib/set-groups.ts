/**
 * Each set's main TCGplayer group, and the set a sealed product of a group belongs to: the rule the sealed
 * source uses for its `setId` (../shared/data/sealed/SOURCE.md), which the catalogue import applies to the sets
 * the source did not know and the catalogue sync to the products it adds. One rule, so that both link alike.
 */

/**
 * Each set's main group: the group most of its cards' primary price lines are in (ties: the lower id).
 * @example mainGroupsOf([{ set: 'sv8pt5', groupId: 23821, primary: true }]).get('sv8pt5') // 23821
 */
export function mainGroupsOf(lines: Iterable<{ set: string; groupId: number | null; primary: boolean }>): Map<string, number> {
  const tallies = new Map<string, Map<number, number>>();
  for (const { set, groupId, primary } of lines) {
    if (!primary || groupId === null) continue;
    const tally = tallies.get(set) ?? tallies.set(set, new Map()).get(set)!;
    tally.set(groupId, (tally.get(groupId) ?? 0) + 1);
  }
  return new Map([...tallies].map(([set, tally]) => [set, [...tally].sort(([a, x], [b, y]) => y - x || a - b)[0][0]]));
}

/**
 * The set whose main group a group is, when exactly one set's is (a group two sets share names neither).
 * @example setOfGroupIn(new Map([['sv8pt5', 23821]]))(23821) // "sv8pt5"
 */
export function setOfGroupIn(mainGroups: ReadonlyMap<string, number>): (groupId: number) => string | undefined {
  const sets = new Map<number, string[]>();
  for (const [set, group] of mainGroups) sets.set(group, [...(sets.get(group) ?? []), set]);
  return (groupId) => {
    const named = sets.get(groupId);
    return named?.length === 1 ? named[0] : undefined;
  };
}
