/**
 * The JSON text of a value, serialised once: the first call stringifies it and remembers the
 * text for as long as the value lives; later calls (the archive writing the response, then the
 * HTTP body sending it) reuse the same string, so both hold the same bytes. Only for values that
 * are not changed after they are first serialised (a served verification's response is not).
 */
const texts = new WeakMap<object, string>();

export function jsonText(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}
