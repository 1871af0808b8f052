/**
 * The two fixed parts of P (section 5 of Schiffel's paper), as ASP text. They live in the
 * code rather than in files so that translation is pure computation (it also runs in a
 * browser, where there is no package folder to read from).
 */

/** State generator (Definition 3): any subset of the possible fluents may hold. */
export const STATE_GENERATOR = `% State generator (Definition 3): any subset of the possible fluents may hold.
% _base(F) is derived by the static relaxation P^base (Definition 6).
{ true(F) : _base(F) }.
`;

/** Action generator (Definition 4): every role does exactly one of its possible moves. */
export const ACTION_GENERATOR = `% Action generator (Definition 4): every role does exactly one of its possible moves.
% _input(R, M) is derived by the static relaxation P^base (Definition 6).
1 { does(R, M) : _input(R, M) } 1 :- role(R).
`;
