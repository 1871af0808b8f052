/** What the playground keeps and shares (web/keep.ts): the link's fragment and localStorage, without a browser. */
import { compressToEncodedURIComponent } from "lz-string";
import { describe, expect, it } from "vitest";
import { exampleFragment, keep, loadKept, MAX_LINK_LENGTH, readFragment, shareFragment, shareNote, STORAGE_KEY, type Workspace } from "../web/keep.js";

const workspace: Workspace = { text: "(role a)\n; ünïcode ✓ and #&?= signs\n", name: "mine.kif", split: false, prune: true, timeoutSeconds: 2.5, autoChance: true };

describe("the playground's share links and kept work", () => {
  it("puts the text, its name and the switches in a fragment that reads back the same", () => {
    const fragment = shareFragment(workspace);
    expect(fragment).toMatch(/^#code=[A-Za-z0-9+\-$]+$/);
    expect(readFragment(fragment)).toEqual({ kind: "code", workspace });
  });

  it("reads a link or a kept workspace from before the chance switch with the switch off", () => {
    const { autoChance: _, ...before } = workspace;
    // what Share wrote before the switch: no "c"
    const old = `#code=${compressToEncodedURIComponent(JSON.stringify({ t: before.text, n: before.name, s: 0, p: 1, l: 2.5 }))}`;
    expect(readFragment(old)).toEqual({ kind: "code", workspace: { ...before, autoChance: false } });
    const store = new Map([[STORAGE_KEY, JSON.stringify(before)]]);
    expect(loadKept({ getItem: (k: string) => store.get(k) ?? null })).toEqual({ ...before, example: undefined, autoChance: false });
  });

  it("says when a share link is too long for a browser to open (a 3.5 M-character link was just 'copied')", () => {
    expect(shareNote(1234, true)).toBe("link copied (1,234 characters)");
    expect(shareNote(1234, false)).toBe("copy the link:");
    expect(shareNote(MAX_LINK_LENGTH + 1, true)).toMatch(/^link copied, but 2,097,153 characters: browsers do not open links over 2 MB/);
    expect(shareNote(MAX_LINK_LENGTH + 1, false)).toMatch(/^the link is 2,097,153 characters/);
  });

  it("links an example by name, and says when a link is damaged", () => {
    expect(exampleFragment("valid/tictactoe.kif")).toBe("#example=tictactoe");
    expect(readFragment("#example=tictactoe")).toEqual({ kind: "example", name: "tictactoe" });
    expect(readFragment("")).toEqual({ kind: "none" });
    expect(readFragment(shareFragment(workspace).slice(0, 20)).kind).toBe("bad");
    expect(readFragment("#code=%%%").kind).toBe("bad");
    // a name as long as file systems take (100,000 characters covered the page)
    const named = readFragment(shareFragment({ ...workspace, name: `${"n".repeat(100_000)}.kif` }));
    expect(named.kind === "code" && named.workspace.name).toBe("n".repeat(255));
    // a bad escape in an example's name threw (URIError) and stopped the page at start
    expect(readFragment("#example=%E0%A4%A").kind).toBe("bad");
  });

  it("keeps the workspace in storage, and survives a storage that refuses or holds junk", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(keep(storage, workspace)).toBe(true);
    expect(loadKept(storage)).toEqual({ ...workspace, example: undefined });
    const full = { setItem: () => { throw new Error("QuotaExceededError"); } };
    expect(keep(full, workspace)).toBe(false);
    store.set(STORAGE_KEY, "{not json");
    expect(loadKept(storage)).toBeUndefined();
    expect(loadKept(undefined)).toBeUndefined();
  });
});
