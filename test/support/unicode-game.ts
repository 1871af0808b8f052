/**
 * A small ground game whose names are outside ASCII (two-, three- and four-byte UTF-8: ä, €, 😀),
 * for the tests of what writes bytes (the ground game's printer, the propnet's exports).
 */
export const UNICODE_GROUND_RULES = `
(role spieler)
(init (feld ä))
(<= (legal spieler (setze €)) (true (feld ä)))
(<= (legal spieler (setze 😀)) (not (true (feld €))))
(<= (next (feld €)) (does spieler (setze €)))
(<= (next (feld 😀)) (does spieler (setze 😀)) (größer ä))
(<= (größer ä) (true (feld ä)))
(<= terminal (true (feld 😀)))
(<= (goal spieler 100) (true (feld €)))
`;
