/**
 * A read-only view of a large text, virtualized: the text stays UTF-8 bytes with the offset of
 * each line, and only the lines in sight (and a few around them) are decoded and in the DOM.
 * A 100 MB ground game is a 100 MB buffer and a few dozen rows, not a 100 MB DOM; past the
 * height a browser can give one element, the scroll bar maps proportionally onto the lines.
 * Find searches the bytes, from the line after the last hit, and scrolls to the next one.
 */

/** Chromium stops laying out elements taller than about 33 million pixels; stay well below. */
const MAX_SCROLL_HEIGHT = 8_000_000;
/** Characters of one line that are drawn (a ground rule can be longer; Download has it whole). */
const MAX_LINE_CHARS = 2_000;
const OVERSCAN = 20;

export class TextView {
  readonly element: HTMLElement;
  private readonly spacer: HTMLElement;
  /** A window the size of the view, kept at the scroll position (so it never makes the text taller). */
  private readonly window: HTMLElement;
  private readonly rows: HTMLElement;
  private bytes: Uint8Array = new Uint8Array(0);
  private lineStarts: Uint32Array = new Uint32Array([0]);
  private readonly decoder = new TextDecoder();
  private lineHeight = 18;
  private highlighted = -1;
  private frame = 0;

  constructor(label: string) {
    this.element = document.createElement("div");
    this.element.className = "text-view";
    this.element.tabIndex = 0;
    this.element.setAttribute("role", "region");
    this.element.setAttribute("aria-label", label);
    this.spacer = document.createElement("div");
    this.spacer.className = "text-view-spacer";
    this.window = document.createElement("div");
    this.window.className = "text-view-window";
    this.rows = document.createElement("div");
    this.window.append(this.rows);
    this.element.append(this.spacer, this.window);
    this.element.addEventListener("scroll", () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(this.element);
  }

  get lineCount(): number {
    return this.bytes.length === 0 ? 0 : this.lineStarts.length;
  }

  get byteLength(): number {
    return this.bytes.length;
  }

  setText(bytes: Uint8Array, lineStarts: Uint32Array): void {
    this.bytes = bytes;
    this.lineStarts = lineStarts;
    this.highlighted = -1;
    this.element.scrollTop = 0;
    this.measure();
    this.render();
  }

  /** The text of line `i` (from 0), without its newline. */
  line(i: number): string {
    const start = this.lineStarts[i];
    let end = i + 1 < this.lineStarts.length ? this.lineStarts[i + 1] - 1 : this.bytes.length;
    if (end > start && this.bytes[end - 1] === 13) end--;
    return this.decoder.decode(this.bytes.subarray(start, Math.max(start, end)));
  }

  /** Scrolls so that line `i` is in sight and marks it. */
  reveal(i: number): void {
    this.highlighted = i;
    const total = this.lineCount;
    const view = this.element.clientHeight;
    const scrollable = this.spacer.offsetHeight - view;
    const visible = Math.max(1, Math.floor(view / this.lineHeight));
    const top = Math.max(0, i - Math.floor(visible / 3));
    this.element.scrollTop = total <= visible ? 0 : Math.round((top / Math.max(1, total - visible)) * scrollable);
    this.render();
  }

  /** The next line from `after` (exclusive) that contains `needle`, wrapping around; -1 when none does. */
  find(needle: string, after = this.highlighted): number {
    if (needle === "" || this.bytes.length === 0) return -1;
    const pattern = new TextEncoder().encode(needle);
    const from = after + 1 < this.lineStarts.length ? this.lineStarts[after + 1] : 0;
    const hit = indexOfBytes(this.bytes, pattern, from) ?? indexOfBytes(this.bytes, pattern, 0);
    if (hit === undefined) return -1;
    return lineOf(this.lineStarts, hit);
  }

  private measure(): void {
    const probe = document.createElement("div");
    probe.className = "text-view-row";
    probe.textContent = "0";
    this.rows.replaceChildren(probe);
    this.lineHeight = probe.getBoundingClientRect().height || 18;
    this.spacer.style.height = `${Math.min(MAX_SCROLL_HEIGHT, this.lineCount * this.lineHeight)}px`;
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private render(): void {
    const total = this.lineCount;
    const view = this.element.clientHeight || 400;
    const visible = Math.ceil(view / this.lineHeight) + 1;
    const scrollable = Math.max(1, this.spacer.offsetHeight - view);
    // proportional mapping: exact while the text fits the spacer, scaled when it does not
    const first = total <= visible ? 0 : Math.min(total - visible, Math.floor((this.element.scrollTop / scrollable) * (total - visible + 1)));
    const from = Math.max(0, first - OVERSCAN);
    const to = Math.min(total, first + visible + OVERSCAN);
    const digits = String(total).length;
    const rows: HTMLElement[] = [];
    for (let i = from; i < to; i++) {
      const row = document.createElement("div");
      row.className = i === this.highlighted ? "text-view-row hit" : "text-view-row";
      const number = document.createElement("span");
      number.className = "text-view-number";
      number.textContent = String(i + 1).padStart(digits);
      let text = this.line(i);
      if (text.length > MAX_LINE_CHARS) text = `${text.slice(0, MAX_LINE_CHARS)} … (${text.length - MAX_LINE_CHARS} more characters: Download has the whole line)`;
      row.append(number, text);
      rows.push(row);
    }
    this.rows.replaceChildren(...rows);
    this.window.style.top = `${this.element.scrollTop}px`;
    this.window.style.height = `${view}px`;
    this.rows.style.transform = `translateY(${-(first - from) * this.lineHeight}px)`;
  }
}

/** The byte offset of `pattern` in `bytes` from `from`, or undefined. */
function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from: number): number | undefined {
  const first = pattern[0];
  for (let i = bytes.indexOf(first, from); i >= 0 && i + pattern.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < pattern.length && bytes[i + j] === pattern[j]) j++;
    if (j === pattern.length) return i;
  }
  return undefined;
}

/** The line holding byte `offset` (binary search over the line starts). */
function lineOf(lineStarts: Uint32Array, offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
