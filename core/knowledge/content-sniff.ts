import { DomainError, validationError } from '../shared/errors.js';
import { isKnowledgeContentType, KNOWLEDGE_CONTENT_TYPES, KNOWLEDGE_MAX_BYTES, type KnowledgeContentType } from './knowledge.model.js';

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** Magic numbers of formats that are never text: executables, archives, images, office files. */
const BINARY_MAGIC: { name: string; magic: number[]; at?: number }[] = [
  { name: 'an ELF executable', magic: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'a Windows executable (MZ)', magic: [0x4d, 0x5a] },
  { name: 'a Mach-O executable', magic: [0xcf, 0xfa, 0xed, 0xfe] },
  { name: 'a Mach-O executable', magic: [0xfe, 0xed, 0xfa, 0xcf] },
  { name: 'a Java class or Mach-O universal binary', magic: [0xca, 0xfe, 0xba, 0xbe] },
  { name: 'a zip archive', magic: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'a gzip archive', magic: [0x1f, 0x8b] },
  { name: 'a 7z archive', magic: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'a RAR archive', magic: [0x52, 0x61, 0x72, 0x21] },
  { name: 'a PNG image', magic: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'a JPEG image', magic: [0xff, 0xd8, 0xff] },
  { name: 'a GIF image', magic: [0x47, 0x49, 0x46, 0x38] },
  { name: 'a WebAssembly module', magic: [0x00, 0x61, 0x73, 0x6d] },
];

const unsupported = (message: string) => new DomainError('UNSUPPORTED_MEDIA_TYPE', message);

/** `text/plain; charset=utf-8` → `text/plain`; null when absent. */
export function baseMediaType(declared: string | undefined | null): string | null {
  if (!declared) return null;
  const base = declared.split(';', 1)[0].trim().toLowerCase();
  return base.length > 0 ? base : null;
}

/**
 * The declared type judged against the bytes: an accepted type whose content agrees with
 * it. A PDF must start with `%PDF-`; a text type must be UTF-8 without NUL bytes and
 * must not start with a binary format's magic number (an executable renamed .txt).
 */
export function judgeContent(declared: string | null, bytes: Uint8Array): KnowledgeContentType {
  if (bytes.length === 0) throw validationError('The document is empty.', [{ path: 'file', message: 'must not be empty' }]);
  if (bytes.length > KNOWLEDGE_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', `A document may hold at most ${KNOWLEDGE_MAX_BYTES} bytes.`);
  const type = declared === 'text/x-markdown' ? 'text/markdown' : declared;
  if (!isKnowledgeContentType(type)) {
    throw unsupported(`Documents may be ${KNOWLEDGE_CONTENT_TYPES.join(', ')}; not ${declared ?? 'an untyped file'}.`);
  }
  const isPdf = startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]);
  if (type === 'application/pdf') {
    if (!isPdf) throw unsupported('The file is declared application/pdf but does not start with %PDF-.');
    return type;
  }
  if (isPdf) throw unsupported(`The file is a PDF, declared as ${type}; declare it application/pdf.`);
  const binary = BINARY_MAGIC.find((m) => startsWith(bytes, m.magic, m.at ?? 0));
  if (binary) throw unsupported(`The file is ${binary.name}, not ${type}.`);
  if (bytes.includes(0)) throw unsupported(`The file holds NUL bytes: it is binary, not ${type}.`);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unsupported(`The file is not UTF-8 text, so it is not ${type}.`);
  }
  return type;
}
