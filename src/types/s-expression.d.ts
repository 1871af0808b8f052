declare module "s-expression" {
  /** A parsed s-expression: a symbol, a string literal (boxed), or a list. */
  export type SExpression = string | String | SExpression[];
  /** Parses one expression; returns an Error (with 1-based line/col) on bad input. */
  function parse(text: string): SExpression | (Error & { line: number; col: number });
  export default parse;
}
