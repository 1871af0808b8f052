/**
 * Draws a propnet's DOT text as SVG with Graphviz (the @viz-js/viz WebAssembly build), in a
 * worker of its own: a layout of a few hundred components takes a second or more, and the
 * page must not stop for it. Loaded only when the propnet drawing is asked for.
 */
import { instance } from "@viz-js/viz";

const scope = self as unknown as {
  postMessage(message: { svg?: string; error?: string }): void;
  addEventListener(type: "message", listener: (event: MessageEvent<{ dot: string }>) => void): void;
};

scope.addEventListener("message", (event) => {
  instance()
    .then((viz) => {
      const result = viz.render(event.data.dot, { format: "svg" });
      if (result.status === "success") scope.postMessage({ svg: result.output });
      else scope.postMessage({ error: result.errors.map((e) => e.message).join("; ") || "Graphviz could not draw it" });
    })
    .catch((e: unknown) => scope.postMessage({ error: e instanceof Error ? e.message : String(e) }));
});
