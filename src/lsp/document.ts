/**
 * One open document as the language server sees it: its text and version, the file name its
 * diagnostics carry, and what is computed from it, each once per version and only when asked
 * for: its parse, `check`'s diagnostics (the pipeline's own `checkParsed`, so that they are
 * exactly the command line's), its tokens and the index the other features ask (analysis.ts).
 * The diagnostics, the index and the background grounding share the one parse and the tokens.
 */
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic } from "../diagnostics.js";
import { checkParsed, type LoadResult } from "../pipeline.js";
import { tokenListOf } from "../format/tokens.js";
import type { TokenList } from "../format/token-list.js";
import { parseGdl, type ParseResult } from "../syntax/parse.js";
import { detectSyntax, type GdlSyntax } from "../syntax/sniff.js";
import { DocumentAnalysis } from "./analysis.js";

/** How documents are read: the command line's --syntax and --case-sensitive. */
export interface ReadingOptions {
  readonly syntax?: GdlSyntax | "auto";
  readonly caseSensitive?: boolean;
}

/** The file name of a document for diagnostics: the path of a `file:` URI, else the URI. */
export function fileNameOf(uri: string): string {
  if (!uri.startsWith("file://")) return uri;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

export class GdlDocument {
  readonly file: string;
  readonly lines: TextDocument;
  private parsedCache?: ParseResult;
  private loadedCache?: LoadResult;
  private analysisCache?: DocumentAnalysis;
  private tokensCache?: TokenList;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    readonly text: string,
    readonly reading: ReadingOptions = {},
  ) {
    this.file = fileNameOf(uri);
    this.lines = TextDocument.create(uri, languageId, version, text);
  }

  /** The text parsed, as `loadText` parses it. */
  get parsed(): ParseResult {
    this.parsedCache ??= parseGdl(this.text, this.file, { syntax: this.reading.syntax, caseSensitive: this.reading.caseSensitive });
    return this.parsedCache;
  }

  /** The text parsed and checked, as `loadText` gives it (what the background grounding grounds). */
  get loaded(): LoadResult {
    if (this.loadedCache === undefined) {
      const started = performance.now();
      this.loadedCache = checkParsed(this.parsed, this.file, { syntax: this.reading.syntax, caseSensitive: this.reading.caseSensitive });
      this.checkMilliseconds = performance.now() - started;
    }
    return this.loadedCache;
  }

  /** How long `loaded` took to make (ms; the parse too when it made it), 0 until it is asked. */
  checkMilliseconds = 0;

  /** `gdl-ground check`'s diagnostics of this text (notes included; the server filters them). */
  get diagnostics(): readonly Diagnostic[] {
    return this.loaded.diagnostics;
  }

  /** The tokens alone (what diagnostics need, without the whole index), packed (token-list.ts). */
  get tokens(): TokenList {
    // the syntax only when the tokens are made: every diagnostic asks for them (sniffing the text per ask was diagnostics × text)
    this.tokensCache ??= tokenListOf(this.text, this.parsedCache?.syntax ?? (this.reading.syntax && this.reading.syntax !== "auto" ? this.reading.syntax : detectSyntax(this.text)));
    return this.tokensCache;
  }

  get analysis(): DocumentAnalysis {
    this.analysisCache ??= new DocumentAnalysis(this.text, this.file, this.reading, { parsed: this.parsed, tokens: this.tokens });
    return this.analysisCache;
  }
}
