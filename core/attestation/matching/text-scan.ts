/**
 * Reading client text in time linear in its length (ADR 0029). A regular expression whose
 * quantifiers overlap (`[\s,;.]*[([]?\s*...\s*$` unanchored) backtracks polynomially on long
 * runs of white space or punctuation; the readers here avoid that in two ways:
 *
 * - hand-written scans for what is simple to say by hand (the start of a trailing run of some
 *   characters, the first subtitle separator, bracketed groups);
 * - for a pattern anchored at one end whose match holds a bounded number of non-space
 *   characters (a trailing date, a lot number), a *window*: the few characters at that end that
 *   can take part in a match, with each run of white space collapsed to one space. Every white
 *   space in those patterns is under a star (`\s*`, `[\s,;.]*`), so a run of any length matches
 *   exactly where one space does, and the pattern runs over a window of bounded length.
 *
 * `readingCost.steps` counts the code units these readers visit (a window counts its length):
 * the linear-time property test asserts it stays within a constant times the input length.
 * Pure.
 */

/** Code units visited while reading client text (a window counts its own length). */
export const readingCost = { steps: 0 };

/** Whether a code unit is white space as a regular expression's `\s` reads it (and `String.prototype.trim`). */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** A stretch of text with each run of white space collapsed to one space. */
export interface SpaceCollapsed {
  text: string;
  /** For each code unit of `text`, the index in the input where it (or its run) starts. */
  from: number[];
  /** For each code unit of `text`, the index in the input just after it (or its run). */
  to: number[];
}

/** `input[start, end)` with each run of white space collapsed to one space. */
function collapse(input: string, start: number, end: number): SpaceCollapsed {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = start; i < end; i += 1) {
    const code = input.charCodeAt(i);
    if (isSpace(code)) {
      if (i > start && isSpace(input.charCodeAt(i - 1))) {
        to[to.length - 1] = i + 1;
        continue;
      }
      text += ' ';
    } else text += input[i];
    from.push(i);
    to.push(i + 1);
  }
  readingCost.steps += end - start;
  return { text, from, to };
}

/**
 * The end of `input` holding its last `nonSpace` non-space code units (all of it when it has
 * fewer), starting at a non-space unit and never inside a surrogate pair, collapsed.
 */
export function collapsedTail(input: string, nonSpace: number): SpaceCollapsed {
  let start = input.length;
  let seen = 0;
  while (start > 0 && seen < nonSpace) {
    start -= 1;
    if (!isSpace(input.charCodeAt(start))) seen += 1;
  }
  if (seen < nonSpace) start = 0;
  if (start > 0 && isLowSurrogate(input.charCodeAt(start)) && isHighSurrogate(input.charCodeAt(start - 1))) start -= 1;
  readingCost.steps += input.length - start;
  return collapse(input, start, input.length);
}

/**
 * The start of `input` up to (not including) its `nonSpace + 1`-th non-space code unit (all of
 * it when it has no more), never ending inside a surrogate pair, collapsed.
 */
export function collapsedHead(input: string, nonSpace: number): SpaceCollapsed {
  let end = 0;
  let seen = 0;
  while (end < input.length) {
    if (!isSpace(input.charCodeAt(end))) {
      if (seen === nonSpace) break;
      seen += 1;
    }
    end += 1;
  }
  if (end < input.length && isLowSurrogate(input.charCodeAt(end)) && isHighSurrogate(input.charCodeAt(end - 1))) end += 1;
  readingCost.steps += end;
  return collapse(input, 0, end);
}

/** Where a trailing run of characters `inRun` accepts starts (`input.length` when there is none). */
export function trailingRunStart(input: string, inRun: (code: number) => boolean, from = input.length): number {
  let i = from;
  while (i > 0 && inRun(input.charCodeAt(i - 1))) i -= 1;
  readingCost.steps += from - i + 1;
  return i;
}

/**
 * Where `re` (anchored at the end by `$`, a match holding at most `nonSpace - 1` non-space
 * units, every white space of it under a star) first matches `input`, or -1. The leftmost match
 * of such a pattern begins with a run its first element, a star over `lead`, takes: it is
 * extended by hand when it reaches the window's start.
 */
export function trailingMatchStart(input: string, re: RegExp, nonSpace: number, lead: (code: number) => boolean): number {
  const window = collapsedTail(input, nonSpace);
  const m = re.exec(window.text);
  if (m === null) return -1;
  const start = window.from[m.index] ?? input.length;
  return m.index === 0 ? trailingRunStart(input, lead, start) : start;
}
