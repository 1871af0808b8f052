/**
 * The mouse hover of the page's editor on the language server, as @codemirror/lsp-client's
 * hoverTooltips, except that a server still busy says so in the editor instead of the console.
 * The server runs in one worker and answers in order, so the first hover on a long text waits
 * for that text's check and index (300,000 lines: 20-40 s), longer than the client's timeout
 * (10 s); the client's own hover then showed nothing, and only the console said "Request timed
 * out". Here a hover not answered within HOVER_WAITING_MS shows a tooltip that says the server
 * is busy, replaced in place by the answer when it comes, or by "did not answer in time ...
 * hover again in a moment" when the request times out (the next hover is answered once the
 * server is done). Also the wording of a failed request for Ctrl-K Ctrl-I (lsp-commands.ts).
 */
import { LSPPlugin } from "@codemirror/lsp-client";
import type { Extension } from "@codemirror/state";
import { closeHoverTooltips, hoverTooltip, type EditorView, type Tooltip } from "@codemirror/view";
import type { Hover } from "vscode-languageserver/browser";

/** A hover not answered within this many milliseconds shows that the server is busy. */
export const HOVER_WAITING_MS = 1000;

/** What the hover's tooltip says while the server has not answered. */
export const HOVER_WAITING_TEXT = "waiting for the language server: it is still busy with this text (the first check of a long text takes a while)…";

/** The hover's Markdown as cleaned HTML (the client's sanitizeHTML); undefined for what the GDL server never sends. */
export function hoverHTML(plugin: LSPPlugin, contents: Hover["contents"]): string | undefined {
  if (typeof contents === "string") return plugin.docToHTML(contents, "markdown");
  if ("kind" in contents) return plugin.docToHTML(contents);
  return undefined; // MarkedString objects and arrays: the GDL server sends MarkupContent
}

/** Why a request failed, as the editor says it: a timeout is a server still busy with the text. */
export function requestFailure(error: unknown): string {
  const message = error && typeof error === "object" && "message" in error && typeof error.message === "string" ? error.message : String(error);
  // @codemirror/lsp-client's words when its timeout (lsp-client.ts: 10 s) passes without an answer
  if (message === "Request timed out")
    return "the language server did not answer in time: it is still busy with this text (a long text's first check and index take a while); try again in a moment";
  return message;
}

const ANSWER_CLASS = "cm-lsp-hover-tooltip cm-lsp-documentation";

/** Fills `dom` with the answer, or with what the editor says instead (`status`: waiting or failed). */
function fill(dom: HTMLElement, content: { html: string } | { status: "waiting" | "failed"; text: string }): void {
  if ("html" in content) {
    dom.className = ANSWER_CLASS;
    delete dom.dataset.testid;
    delete dom.dataset.state;
    dom.innerHTML = content.html;
  } else {
    dom.className = "cm-gdl-hover-status";
    dom.dataset.testid = "hover-status";
    dom.dataset.state = content.status;
    dom.textContent = content.status === "failed" ? `Hover: ${content.text}` : content.text;
  }
}

function hoverSource(view: EditorView, pos: number): Promise<Tooltip | null> {
  const plugin = LSPPlugin.get(view);
  if (!plugin) return Promise.resolve(null); // (the GDL server always offers hover)
  plugin.client.sync();
  const doc = view.state.doc;
  const asked = plugin.client.request<unknown, Hover | null>("textDocument/hover", { textDocument: { uri: plugin.uri }, position: plugin.toPosition(pos) });
  const word = view.state.wordAt(pos);
  const tooltip = (from: number, to: number, content: Parameters<typeof fill>[1]): { tooltip: Tooltip; dom: HTMLElement } => {
    const dom = document.createElement("div");
    fill(dom, content);
    return { tooltip: { pos: from, end: to, above: true, create: () => ({ dom }) }, dom };
  };
  return new Promise((resolve) => {
    /** The tooltip shown while waiting, once HOVER_WAITING_MS passed without an answer. */
    let waiting: HTMLElement | undefined;
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      const shown = tooltip(word?.from ?? pos, word?.to ?? pos, { status: "waiting", text: HOVER_WAITING_TEXT });
      waiting = shown.dom;
      settled = true;
      resolve(shown.tooltip);
    }, HOVER_WAITING_MS);
    asked.then(
      (hover) => {
        clearTimeout(timer);
        const html = hover ? hoverHTML(plugin, hover.contents) : undefined;
        if (!settled) {
          settled = true;
          const range = hover?.range;
          resolve(html ? tooltip(range ? plugin.fromPosition(range.start, doc) : pos, range ? plugin.fromPosition(range.end, doc) : pos, { html }).tooltip : null);
          return;
        }
        // answered after the waiting tooltip was shown: the answer in its place, if it is still there
        if (!waiting?.isConnected) return;
        if (html && view.state.doc === doc) {
          fill(waiting, { html });
          view.requestMeasure();
        } else view.dispatch({ effects: closeHoverTooltips });
      },
      (error: unknown) => {
        clearTimeout(timer);
        const failed = { status: "failed" as const, text: requestFailure(error) };
        if (!settled) {
          settled = true;
          resolve(tooltip(pos, pos, failed).tooltip);
        } else if (waiting?.isConnected) {
          fill(waiting, failed);
          view.requestMeasure();
        }
      },
    );
  });
}

/** The editor extension: hover tooltips from the language server that say when it is busy. */
export function gdlHoverTooltips(): Extension {
  return hoverTooltip(hoverSource, { hideOn: (tr) => tr.docChanged });
}
