import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitIntoChunks } from '../../core/knowledge/chunking.js';
import { htmlText } from '../../adapters/node/html-text.js';
import { BoundedTextExtractor, DEFAULT_EXTRACTION_LIMITS, ExtractionLimitExceeded } from '../../adapters/node/text-extractor.js';

const CAP = 1024 * 1024;
const visible = (html: string, cap = CAP) => htmlText(html, cap).text;
/** The paragraphs a reader sees: what chunking splits on, whitespace runs as one space. */
const paragraphs = (html: string) =>
  visible(html)
    .split(/\n\s*\n+/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0);
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('htmlText (htmlparser2): the visible text of untrusted HTML', () => {
  it('drops scripts, styles and tags, decodes entities', () => {
    expect(visible('<style>a{}</style><p>A&amp;B&#233;</p><script>x()</script>').trim()).toBe('A&Bé');
  });

  it('drops the content of script, style, noscript, template, iframe and comments, in any case, with markup inside', () => {
    const html =
      '<p>kept one</p><SCRIPT type="text/javascript">var s = "<p>not text</p>"; if (a < b) {}</script >' +
      '<style>p::after { content: "<b>no</b>" }</style><noscript><p>no script text</p></noscript>' +
      '<template><p>template text</p></template><iframe><p>frame text</p></iframe><!-- <p>a comment</p> --><p>kept two</p>';
    expect(paragraphs(html)).toEqual(['kept one', 'kept two']);
  });

  it('an unclosed script or comment hides the rest of the document, as in a browser', () => {
    expect(paragraphs('<p>before</p><script>var secret = 1; <p>still script</p>')).toEqual(['before']);
    expect(paragraphs('<p>before</p><!-- never closed <p>hidden</p>')).toEqual(['before']);
  });

  it('unclosed and stray tags: implied ends still break paragraphs; stray ends are ignored', () => {
    expect(paragraphs('<div><p>one<p>two<ul><li>three<li>four</ul></span></b>five')).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(paragraphs('<p>a <b>bold <i>nest</p> tail')).toEqual(['a bold nest', 'tail']);
    expect(paragraphs('<<p>>x</p>')).toEqual(['<', '>x']);
    expect(paragraphs('<p>end<p class="never closed')).toEqual(['end']);
  });

  it('decodes named, decimal and hex entities, with or without a semicolon; an unknown name stays as written', () => {
    expect(visible('caf&eacute; &amp co&nbsp;op &hellip; &#233;&#xE9;&#X1F600; &lt;b&gt; &bogus; &#0; &#x110000;')).toBe(
      'café & co\u00a0op … éé😀 <b> &bogus; \ufffd \ufffd',
    );
  });

  it('block elements give paragraph breaks, so chunking splits there; inline formatting joins a word; cells are spaced', () => {
    expect(paragraphs('<h1>Refunds</h1><p>Within <b>five</b> days.</p><ul><li>Cash</li><li>Card</li></ul>row<br>next<hr>end')).toEqual([
      'Refunds',
      'Within five days.',
      'Cash',
      'Card',
      'row',
      'next',
      'end',
    ]);
    expect(visible('w<b>or</b>d <span>x</span><em>y</em>')).toBe('word xy');
    expect(paragraphs('<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>')).toEqual(['a b', 'c d']);
    const long = `<p>${'First paragraph sentence. '.repeat(20)}</p><p>${'Second paragraph sentence. '.repeat(20)}</p>`;
    expect(splitIntoChunks(visible(long), 800, 0).map((c) => c.text.split(' ')[0])).toEqual(['First', 'Second']);
  });

  it('a huge attribute costs no text and no time out of proportion', () => {
    const html = `<p title="${'x'.repeat(5 * 1024 * 1024)}" data-a='${'"'.repeat(1000)}'>visible</p><img alt="${'<script>'.repeat(1000)}">after`;
    expect(paragraphs(html)).toEqual(['visible', 'after']);
  });

  it('deep nesting (200,000 levels, closed or not) is read without a tree or recursion', () => {
    const depth = 200_000;
    expect(paragraphs(`${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}after`)).toEqual(['deep', 'after']);
    expect(visible(`${'<b><i>'.repeat(depth)}word`)).toBe('word');
    expect(paragraphs(`${'<script>'.repeat(10)}x</script>visible`)).toEqual(['visible']);
  });

  it('stops at the cap, says so, and never returns more bytes than the cap', () => {
    const html = `<p>${'é'.repeat(1000)}</p>`;
    const cut = htmlText(html, 1001);
    expect(cut.truncated).toBe(true);
    expect(bytes(cut.text)).toBeLessThanOrEqual(1001);
    const whole = htmlText(html, 2000);
    expect(whole).toEqual({ text: 'é'.repeat(1000), truncated: false });
  });

  it('never throws and never exceeds the cap, for any mix of markup, entities and text (fast-check)', () => {
    const fragment = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom('<p>', '</p>', '<div>', '</div>', '<br>', '<br/>', '<li>', '<b>', '</b>', '<script>', '</script>', '<style>', '</style>', '<!--', '-->', '<![CDATA[', ']]>', '<', '>', '</', '<?xml ?>', '<!DOCTYPE html>', '<svg><text>', '<math>', '<table><tr><td>', '<textarea>', '<title>', '<a href="x">', '"', "'", '='),
      fc.constantFrom('&amp;', '&amp', '&#', '&#x', '&#1114112;', '&#x0;', '&#55357;', '&nbsp;', '&NotANamedEntity;', '&eacute', '&#9999999999;'),
      fc.string({ unit: 'grapheme', maxLength: 5 }).map((name) => `<${name} ${name}="${name}">`),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 60 }), fc.integer({ min: 0, max: 400 }), (parts, cap) => {
        const result = htmlText(parts.join(''), cap);
        expect(bytes(result.text)).toBeLessThanOrEqual(cap);
        if (!result.truncated) expect(result.text).toBe(htmlText(parts.join(''), CAP).text);
      }),
      { numRuns: 500 },
    );
  });

  it('text without markup or entities comes back as it is; what a script holds never does (fast-check)', () => {
    const plain = fc.string({ unit: 'grapheme', maxLength: 200 }).filter((s) => !/[<&]/.test(s));
    fc.assert(
      fc.property(plain, plain, (text, secret) => {
        expect(visible(text)).toBe(text);
        const marker = `zz${Buffer.from(secret).toString('hex')}qq`;
        expect(visible(`${text}<script>${secret}${marker}</script>`)).not.toContain(marker);
      }),
      { numRuns: 300 },
    );
  });
});

describe('BoundedTextExtractor: every format through the one TextExtractor', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it('HTML comes out as its visible text; the other text types as they are', async () => {
    const extractor = new BoundedTextExtractor();
    expect((await extractor.extract('text/html', utf8('<p>gift&nbsp;vouchers</p><script>var secret=1</script>'))).trim()).toBe('gift\u00a0vouchers');
    expect(await extractor.extract('text/markdown', utf8('# <b>kept</b> &amp;'))).toBe('# <b>kept</b> &amp;');
  });

  it('an HTML document whose text passes the per-document bound fails with the readable reason, as a PDF does', async () => {
    // `&nLt;` (5 bytes) decodes to U+226A U+20D2 (6 bytes of UTF-8): the text can outgrow the markup.
    const extractor = new BoundedTextExtractor({ ...DEFAULT_EXTRACTION_LIMITS, maxTextBytes: 100 });
    const err = await extractor.extract('text/html', utf8('&nLt;'.repeat(20))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractionLimitExceeded);
    expect((err as Error).message).toMatch(/more than 100 bytes of text/);
    expect(await extractor.extract('text/html', utf8(`<p>${'&nLt;'.repeat(16)}</p>`))).toBe('\u226a\u20d2'.repeat(16));
  });
});
