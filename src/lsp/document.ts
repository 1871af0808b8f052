/**
 * One open document as the language server sees it: its text and version, the file name its
 * diagnostics carry, and what is computed from it, each once per version and only when asked
 * for: `check`'s diagnostics (the pipeline's own `loadText`, so that they are exactly the
 * command line's) and the index the other features ask (analysis.ts).
 */
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic } from "../diagnostics.js";
import { loadText } from "../pipeline.js";
import { tokensOf, type Token } from "../format/tokens.js";
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
  private diagnosticsCache?: readonly Diagnostic[];
  private analysisCache?: DocumentAnalysis;
  private tokensCache?: readonly Token[];

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

  /** `gdl-ground check`'s diagnostics of this text (notes included; the server filters them). */
  get diagnostics(): readonly Diagnostic[] {
    this.diagnosticsCache ??= loadText(this.text, this.file, { syntax: this.reading.syntax, caseSensitive: this.reading.caseSensitive }).diagnostics;
    return this.diagnosticsCache;
  }

  /** The tokens alone (what diagnostics need, without the whole index). */
  get tokens(): readonly Token[] {
    if (this.analysisCache) return this.analysisCache.tokens;
    // the syntax only when the tokens are made: every diagnostic asks for them (sniffing the text per ask was diagnostics × text)
    this.tokensCache ??= tokensOf(this.text, this.reading.syntax && this.reading.syntax !== "auto" ? this.reading.syntax : detectSyntax(this.text));
    return this.tokensCache;
  }

  get analysis(): DocumentAnalysis {
    this.analysisCache ??= new DocumentAnalysis(this.text, this.file, this.reading);
    return this.analysisCache;
  }
}
