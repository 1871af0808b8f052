/**
 * What the page keeps and shares: the text, its name and the switches (the Ground panel's and
 * the Play panel's chance switch). Kept in the browser's
 * localStorage between visits (one key, written a moment after each change); shared as a link
 * whose fragment holds them compressed with lz-string (`#code=…`), so no server is involved and
 * the text never leaves the browser until the link is pasted somewhere; an example is linked
 * by name (`#example=tictactoe`). Opening a link keeps the work it replaces apart
 * (BEFORE_LINK_KEY), so that someone's link never costs the user their own text. Pure functions
 * over strings, plus the two that touch localStorage, so that tests can check the round trip
 * without a browser.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";

/** The page's settings that a reload or a link restores. */
export interface Workspace {
  readonly text: string;
  /** The file label and the stem of download names (`untitled.kif` for pasted or typed text). */
  readonly name: string;
  /** The examples menu's key (`valid/tictactoe.kif`) while the text is that example, unchanged. */
  readonly example?: string;
  readonly split: boolean;
  readonly prune: boolean;
  readonly timeoutSeconds: number;
  /** GDL-II: chance moves by itself in the Play panel (off: the Chance button draws its moves). */
  readonly autoChance: boolean;
}

export const STORAGE_KEY = "gdl-ground.playground.v1";
/** Where the work kept before a link replaced it stays, until the next link (one step back). */
export const BEFORE_LINK_KEY = "gdl-ground.playground.v1.before-link";

/** The longest name a link gives the text (file systems take 255 bytes). */
const MAX_NAME_LENGTH = 255;

/** What a link's fragment asks for: a whole workspace, an example by name, or nothing. */
export type Fragment = { readonly kind: "code"; readonly workspace: Workspace } | { readonly kind: "example"; readonly name: string } | { readonly kind: "none" } | { readonly kind: "bad"; readonly why: string };

/** `#code=…` for a workspace (the text, its name and the switches, compressed). */
export function shareFragment(w: Workspace): string {
  const payload = { t: w.text, n: w.name, s: w.split ? 1 : 0, p: w.prune ? 1 : 0, l: w.timeoutSeconds, c: w.autoChance ? 1 : 0 };
  return `#code=${compressToEncodedURIComponent(JSON.stringify(payload))}`;
}

/** `#example=tictactoe` for an example of the menu (its file name without `.kif`). */
export function exampleFragment(exampleKey: string): string {
  return `#example=${encodeURIComponent(exampleKey.split("/").pop()!.replace(/\.(kif|gdl)$/, ""))}`;
}

/** Reads a fragment (`location.hash`). A damaged `#code=` says why instead of throwing. */
export function readFragment(hash: string): Fragment {
  const m = /^#?(code|example)=(.*)$/s.exec(hash);
  if (!m) return { kind: "none" };
  if (m[1] === "example") {
    try {
      return { kind: "example", name: decodeURIComponent(m[2]) };
    } catch {
      return { kind: "bad", why: "the link is cut or damaged (its example name is not a valid escape)" };
    }
  }
  let json: unknown;
  try {
    const text = decompressFromEncodedURIComponent(m[2]);
    if (!text) return { kind: "bad", why: "the link is cut or damaged (it does not decompress)" };
    json = JSON.parse(text);
  } catch {
    return { kind: "bad", why: "the link is cut or damaged (it is not what Share writes)" };
  }
  const o = json as Record<string, unknown>;
  if (typeof o !== "object" || o === null || typeof o.t !== "string") return { kind: "bad", why: "the link holds no text" };
  return {
    kind: "code",
    workspace: {
      text: o.t,
      // a file name, as file systems take them (a link's 100,000-character name covered the page)
      name: typeof o.n === "string" && o.n.trim() !== "" ? o.n.slice(0, MAX_NAME_LENGTH) : "untitled.kif",
      split: o.s !== 0,
      prune: o.p !== 0,
      timeoutSeconds: typeof o.l === "number" && o.l > 0 ? o.l : 60,
      autoChance: o.c === 1,
    },
  };
}

/** The workspace kept by the last visit (or under `key`), if any (and readable). */
export function loadKept(storage: Pick<Storage, "getItem"> | undefined, key = STORAGE_KEY): Workspace | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const o = JSON.parse(raw) as Partial<Workspace>;
    if (typeof o.text !== "string" || typeof o.name !== "string") return undefined;
    return {
      text: o.text,
      name: o.name,
      example: typeof o.example === "string" ? o.example : undefined,
      split: o.split !== false,
      prune: o.prune !== false,
      timeoutSeconds: typeof o.timeoutSeconds === "number" && o.timeoutSeconds > 0 ? o.timeoutSeconds : 60,
      autoChance: o.autoChance === true,
    };
  } catch {
    return undefined;
  }
}

/** Keeps the workspace (under `key`); false when the browser refuses (storage full or switched off). */
export function keep(storage: Pick<Storage, "setItem"> | undefined, w: Workspace, key = STORAGE_KEY): boolean {
  try {
    storage?.setItem(key, JSON.stringify(w));
    return storage !== undefined;
  } catch {
    return false;
  }
}

/** Chromium does not open a URL longer than this (2 MiB): a longer share link could be sent but never opened. */
export const MAX_LINK_LENGTH = 2 * 1024 * 1024;

/** What the page says of a share link of `length` characters, copied to the clipboard or left in the box to copy. */
export function shareNote(length: number, copied: boolean): string {
  const size = `${length.toLocaleString("en-US")} characters`;
  if (length > MAX_LINK_LENGTH) return `${copied ? "link copied, but" : "the link is"} ${size}: browsers do not open links over 2 MB (Chromium's limit); send the file instead`;
  return copied ? `link copied (${size})` : "copy the link:";
}
