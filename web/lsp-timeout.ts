/**
 * The page's LSPClient, whose requests that time out say why: the server runs in one worker and
 * answers in order, so a request made while it checks and indexes a long text (300,000 lines:
 * seconds) waits past the client's timeout. @codemirror/lsp-client's own commands (go to
 * definition, references) show the error's message as it is ("Find definition failed: Request
 * timed out"); here every request's timeout becomes `requestFailure`'s words (lsp-hover.ts), so
 * that each command, ours and the library's, tells the user the server is busy and to try again.
 */
import { LSPClient } from "@codemirror/lsp-client";
import { requestFailure } from "./lsp-hover.js";

/** The library's message for a request not answered within the client's timeout. */
const TIMED_OUT = "Request timed out";

/** `error` as the editor should show it: a timeout with the reason, anything else as it is. */
export function explainedFailure(error: unknown): unknown {
  return error instanceof Error && error.message === TIMED_OUT ? new Error(requestFailure(error)) : error;
}

export class GdlLspClient extends LSPClient {
  override request<Params, Result>(method: string, params: Params): Promise<Result> {
    return super.request<Params, Result>(method, params).catch((error: unknown) => {
      throw explainedFailure(error);
    });
  }
}
