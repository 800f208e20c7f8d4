import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StdioTransport, type TransportError } from '../../runtimes/stdio/transport.js';

function harness(maxMessageBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioTransport(input, output, { maxMessageBytes });
  const messages: unknown[] = [];
  const errors: TransportError[] = [];
  let closes = 0;
  transport.onmessage = (m) => messages.push(m);
  transport.onerror = (e) => errors.push(e);
  transport.onclose = () => {
    closes += 1;
  };
  const written: string[] = [];
  output.setEncoding('utf8');
  output.on('data', (c: string) => written.push(c));
  return { input, output, transport, messages, errors, written, closes: () => closes };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('StdioTransport: framing', () => {
  it('delivers one message per line, whatever the chunk boundaries (UTF-8 split mid-character included)', async () => {
    const h = harness();
    await h.transport.start();
    const text = `${JSON.stringify({ a: 'Téméraire ✓' })}\n${JSON.stringify([1, 2])}\n"x"\n`;
    const bytes = Buffer.from(text, 'utf8');
    for (let i = 0; i < bytes.length; i += 3) h.input.write(bytes.subarray(i, i + 3));
    await tick();
    expect(h.messages).toEqual([{ a: 'Téméraire ✓' }, [1, 2], 'x']);
    expect(h.errors).toEqual([]);
  });

  it('accepts CRLF line ends and ignores blank lines', async () => {
    const h = harness();
    await h.transport.start();
    h.input.write('{"n":1}\r\n\r\n   \n{"n":2}\n');
    await tick();
    expect(h.messages).toEqual([{ n: 1 }, { n: 2 }]);
    expect(h.errors).toEqual([]);
  });

  it('reports a line that is not JSON and goes on with the next one', async () => {
    const h = harness();
    await h.transport.start();
    h.input.write('{"n":1\nnot json at all\n{"n":2}\n');
    await tick();
    expect(h.errors.map((e) => e.kind)).toEqual(['parse_error', 'parse_error']);
    expect(h.messages).toEqual([{ n: 2 }]);
  });

  it('refuses a line over the bound once, skips it to its newline, and keeps serving', async () => {
    const h = harness(1024);
    await h.transport.start();
    h.input.write(`{"big":"${'x'.repeat(2000)}"}\n{"n":1}\n`);
    await tick();
    expect(h.errors.map((e) => e.kind)).toEqual(['message_too_large']);
    expect(h.messages).toEqual([{ n: 1 }]);
  });

  it('holds at most the bound in memory for a huge line without a newline', async () => {
    const max = 64 * 1024;
    const h = harness(max);
    await h.transport.start();
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    let peak = 0;
    for (let i = 0; i < 640; i++) {
      // 10 MiB in total, no newline
      h.input.write(chunk);
      await tick();
      peak = Math.max(peak, (h.transport as unknown as { pendingBytes: number }).pendingBytes);
    }
    expect(peak).toBeLessThanOrEqual(max);
    expect(h.errors.map((e) => e.kind)).toEqual(['message_too_large']);
    h.input.write('still the same line\n{"after":true}\n');
    await tick();
    expect(h.messages).toEqual([{ after: true }]);
  });

  it('accepts a line of exactly the bound', async () => {
    const h = harness(100);
    await h.transport.start();
    const line = JSON.stringify({ s: 'y'.repeat(100 - 8) });
    expect(Buffer.byteLength(line)).toBe(100);
    h.input.write(`${line}\n`);
    await tick();
    expect(h.errors).toEqual([]);
    expect(h.messages).toHaveLength(1);
  });
});

describe('StdioTransport: lifecycle', () => {
  it('delivers a last line without newline at end of input, then closes once', async () => {
    const h = harness();
    await h.transport.start();
    h.input.end('{"n":1}\n{"last":true}');
    await tick();
    await tick();
    expect(h.messages).toEqual([{ n: 1 }, { last: true }]);
    expect(h.closes()).toBe(1);
    await h.transport.close();
    expect(h.closes()).toBe(1);
  });

  it('stops delivering after close()', async () => {
    const h = harness();
    await h.transport.start();
    await h.transport.close();
    h.input.write('{"n":1}\n');
    await tick();
    expect(h.messages).toEqual([]);
    expect(h.closes()).toBe(1);
  });

  it('writes each message as one line, newlines inside strings escaped', async () => {
    const h = harness();
    await h.transport.start();
    await h.transport.send({ text: 'two\nlines' });
    await h.transport.send([{ a: 1 }]);
    const out = h.written.join('');
    expect(out).toBe('{"text":"two\\nlines"}\n[{"a":1}]\n');
  });

  it('survives a broken output stream: reports it, closes, and later sends are no-ops', async () => {
    const h = harness();
    await h.transport.start();
    h.output.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await tick();
    expect(h.errors.map((e) => e.kind)).toEqual(['output_error']);
    expect(h.errors[0].message).not.toMatch(/EPIPE/);
    expect(h.closes()).toBe(1);
    await expect(h.transport.send({ n: 1 })).resolves.toBeUndefined();
  });
});
