import { deflateSync } from 'node:zlib';

/** A minimal valid one-page PDF with `text` (one line, or several) in Helvetica, written by hand (correct xref offsets). */
export function makePdf(text: string | string[]): Buffer {
  const lines = (Array.isArray(text) ? text : [text]).map((line) => `(${line.replace(/([\\()])/g, '\\$1')}) Tj`);
  const stream = `BT /F1 12 Tf 16 TL 72 720 Td ${lines.join(' T* ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A PDF bomb: one page whose content stream, FlateDecode-compressed to a few hundred KB,
 * inflates to about `inflatedMb` MB of text-showing operators.
 */
export function makeBombPdf(inflatedMb: number): Buffer {
  const line = 'BT /F1 12 Tf 72 720 Td (All work and no play makes a very dull document.) Tj ET\n';
  const stream = deflateSync(Buffer.from(line.repeat(Math.ceil((inflatedMb * 1024 * 1024) / line.length))), { level: 9 });
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const object = (n: number, body: Buffer[]) => {
    offsets.push(length);
    push(Buffer.from(`${n} 0 obj\n`));
    for (const b of body) push(b);
    push(Buffer.from('\nendobj\n'));
  };
  push(Buffer.from('%PDF-1.4\n'));
  object(1, [Buffer.from('<< /Type /Catalog /Pages 2 0 R >>')]);
  object(2, [Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>')]);
  object(3, [Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>')]);
  object(4, [Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]);
  object(5, [Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')]);
  const xref = length;
  let trailer = `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) trailer += `${String(off).padStart(10, '0')} 00000 n \n`;
  trailer += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  push(Buffer.from(trailer));
  return Buffer.concat(parts);
}
