/**
 * Draws a board (src/report/board.ts) and a state's pieces on it as SVG: square cells, or
 * hexagons in rows shifted by half a cell; boards of boards and layers with a gap between
 * blocks; the coordinate values along the edges, so that the orientation can be checked at a
 * glance. Pieces are text, a role's name is a disc in that role's colour, and chess pieces
 * are their glyphs. The SVG scales to the panel's width (a 19 × 19 board fits a phone).
 */
import { extent, placePieces, type Board, type BoardAxis } from "../src/report/board.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 36;
const GAP = 8;
const MARGIN = 22;
const ROLE_COLOURS = ["#c0262d", "#1d2330", "#2f5fd0", "#2a8a3a", "#b36b00", "#7a3fb0"];
const CHESS: Record<string, string> = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟", king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞", pawn: "♟" };

/** A role named after a colour (red, yellow, white) gets that colour; the others one of ROLE_COLOURS. */
function roleColour(role: string, index: number): string {
  return typeof CSS !== "undefined" && CSS.supports("color", role) ? role : ROLE_COLOURS[index % ROLE_COLOURS.length];
}

function el<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Chess glyphs when the pieces look like chess (a side letter or word and a piece kind, with a queen or a knight among them). */
function chessGlyphs(pieces: ReadonlySet<string>): ((piece: string) => { glyph: string; white: boolean } | undefined) | undefined {
  const parse = (p: string) => /^(w|b|white|black)[_ -]?(k|q|r|b|n|p|king|queen|rook|bishop|knight|pawn)$/.exec(p.replace(/ /g, "_"));
  const kinds = [...pieces].map(parse).filter((m) => m !== null);
  if (!kinds.some((m) => /^(q|n|queen|knight)$/.test(m![2]))) return undefined;
  return (piece) => {
    const m = parse(piece);
    return m ? { glyph: CHESS[m[2]], white: m[1].startsWith("w") } : undefined;
  };
}

/** Offsets of each flat index along axes, with a gap between the blocks of an outer axis. */
function positions(axes: readonly BoardAxis[]): number[] {
  const n = extent(axes);
  const inner = axes.length > 1 ? extent(axes.slice(1)) : n;
  return Array.from({ length: n }, (_, i) => i * CELL + Math.floor(i / inner) * GAP);
}

export interface BoardViewOptions {
  readonly roles: readonly string[];
  /** Every piece the board can show (from the state seen so far), for the glyph choice. */
  readonly caseSensitive?: boolean;
}

export function drawBoard(board: Board, state: readonly string[], options: BoardViewOptions): SVGSVGElement {
  const placed = placePieces(board, state, options.caseSensitive);
  const width = extent(board.columns);
  const height = extent(board.rows);
  const xs = positions(board.columns);
  const ys = positions(board.rows);
  const hex = board.shape === "hex";
  // hexagons: pointy-top, rows 3/4 of a cell apart, each row shifted by half a cell (skew says which way)
  const rowStep = hex ? CELL * 0.866 : 0;
  const shift = (r: number) => (hex ? (board.skew === 1 ? r : height - 1 - r) * (CELL / 2) : 0);
  const x = (c: number, r: number) => MARGIN + xs[c] + shift(r);
  const y = (r: number) => MARGIN + (hex ? r * rowStep : ys[r]);
  const totalWidth = MARGIN * 2 + (hex ? width * CELL + (height - 1) * (CELL / 2) : xs[width - 1] + CELL);
  const totalHeight = MARGIN * 2 + (hex ? (height - 1) * rowStep + CELL : ys[height - 1] + CELL);
  const svg = el("svg", { viewBox: `0 0 ${totalWidth} ${totalHeight}`, class: `board ${board.shape}`, role: "img" });
  svg.style.maxWidth = `${totalWidth}px`;
  svg.dataset.relation = board.relation;
  svg.dataset.columns = String(width);
  svg.dataset.rows = String(height);
  svg.dataset.shape = board.shape;
  svg.setAttribute("aria-label", `board of ${board.relation}: ${width} columns × ${height} rows${hex ? ", hex" : ""}`);
  svg.append(el("title", {}, `${board.relation}: ${board.why}`));

  const holes = new Set(board.holes);
  const pieces = new Set(placed.cells.flatMap((c) => c.pieces));
  const glyphs = chessGlyphs(pieces);
  const byCell = new Map(placed.cells.map((c) => [`${c.column},${c.row}`, c]));
  const lastColumns = board.columns[board.columns.length - 1];
  const lastRows = board.rows[board.rows.length - 1];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (holes.has(`${c},${r}`)) continue;
      const cx = x(c, r) + CELL / 2;
      const cy = y(r) + CELL / 2;
      const g = el("g", { class: "cell", "data-col": c, "data-row": r });
      const dark = false;
      if (hex) {
        const R = CELL / Math.sqrt(3);
        const points = Array.from({ length: 6 }, (_, k) => {
          const a = (Math.PI / 3) * k + Math.PI / 6;
          return `${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`;
        }).join(" ");
        g.append(el("polygon", { points, class: "cell-bg" }));
      } else g.append(el("rect", { x: x(c, r), y: y(r), width: CELL, height: CELL, class: dark ? "cell-bg dark" : "cell-bg" }));
      const cell = byCell.get(`${c},${r}`);
      if (cell) {
        g.dataset.piece = cell.pieces.join(" | ");
        g.append(el("title", {}, cell.fluents.join("\n")));
        const piece = cell.pieces[0];
        const role = options.roles.indexOf(piece);
        const chess = glyphs?.(piece);
        if (chess) g.append(el("text", { x: cx, y: cy, class: chess.white ? "piece chess white" : "piece chess" }, chess.glyph));
        else if (role >= 0 || piece === "") g.append(el("circle", { cx, cy, r: CELL * 0.36, fill: role >= 0 ? roleColour(piece, role) : "#1d2330", class: "piece disc" }));
        else g.append(el("text", { x: cx, y: cy, class: "piece", "font-size": piece.length <= 2 ? 16 : Math.max(7, 30 / piece.length + 4) }, piece));
        if (cell.pieces.length > 1) g.append(el("text", { x: x(c, r) + CELL - 4, y: y(r) + 9, class: "more" }, `+${cell.pieces.length - 1}`));
      }
      svg.append(g);
    }
  }
  // coordinate values of the innermost axes along the top and the left
  for (let c = 0; c < width; c++)
    svg.append(el("text", { x: x(c, 0) + CELL / 2, y: MARGIN / 2 + 2, class: "coordinate" }, lastColumns.values[c % lastColumns.values.length]));
  for (let r = 0; r < height; r++) svg.append(el("text", { x: x(0, r) - MARGIN / 2, y: y(r) + CELL / 2, class: "coordinate" }, lastRows.values[r % lastRows.values.length]));
  if (placed.outside.length > 0) svg.dataset.outside = placed.outside.join(" ");
  return svg;
}
