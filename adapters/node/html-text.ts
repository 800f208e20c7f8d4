import { Tokenizer } from 'htmlparser2';

/** Elements whose content is never shown: dropped whole, however they nest or fail to close. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'noembed', 'noframes']);

/** Elements that start a paragraph of their own: a blank line before and after, so chunking splits there. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'dd', 'details', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'legend', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary',
  'table', 'tbody', 'tfoot', 'thead', 'title', 'tr', 'ul',
]);

/** Inline formatting: joins the text on both sides as a browser does (`w<b>or</b>d` is one word). */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);

export interface HtmlText {
  /** The visible text, at most `maxBytes` UTF-8 bytes, without leading or trailing breaks. */
  text: string;
  /** True when the document held more text than `maxBytes` (the text is cut at a piece boundary). */
  truncated: boolean;
}

/** No separator, a space, a paragraph break: the strongest one between two texts wins. */
const SEPARATORS = ['', ' ', '\n\n'] as const;

/**
 * The visible text of an untrusted HTML document, read with htmlparser2's tokenizer alone: no
 * tree and no stack of open elements are built (its Parser keeps one with O(depth) inserts,
 * quadratic on a deeply nested document), so time and memory grow linearly with the input
 * whatever it nests. Script, style and other hidden content dropped (an unclosed one hides
 * the rest, as in a browser), comments dropped, entities decoded (named, decimal, hex; an
 * invalid code point as U+FFFD), block elements as paragraph breaks, other elements as a space
 * unless they only format a word, attributes never read. Never throws on any input; stops at
 * `maxBytes` of text and says so.
 */
export function htmlText(html: string, maxBytes: number): HtmlText {
  const pieces: string[] = [];
  let bytes = 0;
  let hidden = 0;
  let truncated = false;
  let pending = 0; // index into SEPARATORS, written before the next text (never first or last)
  const emit = (text: string) => {
    if (hidden > 0 || truncated || text.length === 0) return;
    const piece = pieces.length > 0 ? SEPARATORS[pending] + text : text;
    const size = Buffer.byteLength(piece, 'utf8');
    if (bytes + size > maxBytes) {
      truncated = true;
      tokenizer.pause();
      return;
    }
    pieces.push(piece);
    bytes += size;
    pending = 0;
  };
  const tag = (name: string, opening: boolean) => {
    if (HIDDEN.has(name)) hidden = opening ? hidden + 1 : Math.max(0, hidden - 1);
    else if (hidden === 0) pending = Math.max(pending, BLOCKS.has(name) ? 2 : INLINE.has(name) ? 0 : 1);
  };
  const name = (start: number, end: number) => html.slice(start, end).toLowerCase();
  const ignore = () => {};
  const tokenizer = new Tokenizer(
    { decodeEntities: true, recognizeSelfClosing: false },
    {
      onopentagname: (start, end) => tag(name(start, end), true),
      onclosetag: (start, end) => tag(name(start, end), false),
      ontext: (start, end) => emit(html.slice(start, end)),
      ontextentity: (codePoint) => emit(codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd'),
      onattribdata: ignore,
      onattribentity: ignore,
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onprocessinginstruction: ignore,
      onselfclosingtag: ignore,
    },
  );
  tokenizer.write(html);
  if (!truncated) tokenizer.end();
  return { text: pieces.join(''), truncated };
}
