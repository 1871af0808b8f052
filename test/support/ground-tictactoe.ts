/**
 * A hand-made ground game for tests of the propnet: the ground rules of
 * tictactoe written out with loops (what a grounder produces from the usual rules, with the
 * static `distinct`s decided), as KIF text for `groundGameFromRules`.
 */

/**
 * Ground tictactoe, roles xplayer (moves first) and oplayer, cells `(cell m n x|o|b)`. With
 * `size` other than 3: the same game on a size x size board, where a full row, column or
 * diagonal wins (a scalable game for measurements).
 */
export function groundTictactoeKif(size = 3): string {
  const COORDS = Array.from({ length: size }, (_, i) => i + 1);
  const out: string[] = ["(role xplayer)", "(role oplayer)"];
  const players: [string, string][] = [
    ["xplayer", "x"],
    ["oplayer", "o"],
  ];
  for (const m of COORDS) for (const n of COORDS) out.push(`(init (cell ${m} ${n} b))`);
  out.push("(init (control xplayer))");
  for (const m of COORDS)
    for (const n of COORDS) {
      for (const [role, mark] of players) {
        out.push(`(<= (next (cell ${m} ${n} ${mark})) (does ${role} (mark ${m} ${n})) (true (cell ${m} ${n} b)))`);
        out.push(`(<= (next (cell ${m} ${n} ${mark})) (true (cell ${m} ${n} ${mark})))`);
        out.push(`(<= (legal ${role} (mark ${m} ${n})) (true (cell ${m} ${n} b)) (true (control ${role})))`);
      }
      // a blank cell stays blank when someone marks another cell
      for (const [role] of players)
        for (const j of COORDS)
          for (const k of COORDS)
            if (j !== m || k !== n) out.push(`(<= (next (cell ${m} ${n} b)) (does ${role} (mark ${j} ${k})) (true (cell ${m} ${n} b)))`);
      out.push(`(<= open (true (cell ${m} ${n} b)))`);
    }
  out.push("(<= (next (control xplayer)) (true (control oplayer)))");
  out.push("(<= (next (control oplayer)) (true (control xplayer)))");
  out.push("(<= (legal xplayer noop) (true (control oplayer)))");
  out.push("(<= (legal oplayer noop) (true (control xplayer)))");
  for (const [, mark] of players) {
    for (const m of COORDS) {
      out.push(`(<= (row ${m} ${mark}) ${COORDS.map((n) => `(true (cell ${m} ${n} ${mark}))`).join(" ")})`);
      out.push(`(<= (column ${m} ${mark}) ${COORDS.map((n) => `(true (cell ${n} ${m} ${mark}))`).join(" ")})`);
      out.push(`(<= (line ${mark}) (row ${m} ${mark}))`);
      out.push(`(<= (line ${mark}) (column ${m} ${mark}))`);
    }
    out.push(`(<= (diagonal ${mark}) ${COORDS.map((n) => `(true (cell ${n} ${n} ${mark}))`).join(" ")})`);
    out.push(`(<= (diagonal ${mark}) ${COORDS.map((n) => `(true (cell ${n} ${size + 1 - n} ${mark}))`).join(" ")})`);
    out.push(`(<= (line ${mark}) (diagonal ${mark}))`);
  }
  for (const [role, mine, theirs] of [
    ["xplayer", "x", "o"],
    ["oplayer", "o", "x"],
  ]) {
    out.push(`(<= (goal ${role} 100) (line ${mine}))`);
    out.push(`(<= (goal ${role} 50) (not (line x)) (not (line o)) (not open))`);
    out.push(`(<= (goal ${role} 0) (line ${theirs}))`);
  }
  out.push("(<= terminal (line x))", "(<= terminal (line o))", "(<= terminal (not open))");
  return out.join("\n") + "\n";
}
