/**
 * Makes a share link's fragment (keep.ts's shareFragment: the workspace compressed with
 * lz-string) in a worker of its own: lz-string takes seconds over megabytes of text that does
 * not compress (3 MB: 3 s in Node, 4-6 s in a busy Chromium), and on the page's main thread the
 * page stood still all that time. Started by the first Share that compresses (an unchanged
 * example is linked by name, at once); one request at a time (main.ts sends no other before the
 * answer).
 */
import { shareFragment, type Workspace } from "./keep.js";

/** The answer to a workspace: its `#code=…` fragment, or why there is none. */
export type ShareReply = { readonly fragment: string } | { readonly error: string };

const scope = self as unknown as {
  postMessage(message: ShareReply): void;
  addEventListener(type: "message", listener: (event: MessageEvent<Workspace>) => void): void;
};

scope.addEventListener("message", (event) => {
  try {
    scope.postMessage({ fragment: shareFragment(event.data) });
  } catch (e) {
    scope.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
