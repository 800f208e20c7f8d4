import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, type WriteStream, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { validationError } from '../../core/shared/errors.js';
import { EXPORT_FORMAT_VERSION, EXPORT_RESOURCES, type ExportResource, type TenantOffboarding } from '../../core/stewardship/use-cases/tenant-offboarding.js';

interface OpenFile {
  stream: WriteStream;
  hash: Hash;
  bytes: number;
}

/** One line of NDJSON: a knowledge document's bytes become `content_base64`. */
function lineOf(resource: ExportResource, record: object): string {
  if (resource === 'knowledge') {
    const { content, ...rest } = record as { content: Uint8Array };
    return `${JSON.stringify({ ...rest, content_base64: Buffer.from(content).toString('base64') })}\n`;
  }
  return `${JSON.stringify(record)}\n`;
}

/**
 * `svc-admin tenant export TENANT DIR`: one NDJSON file per resource (`<resource>.ndjson`, every
 * file written even when empty) and `manifest.json` (format version, counts, sha256 and size of
 * each file). DIR must be new or empty.
 */
export async function exportTenant(offboarding: TenantOffboarding, tenantId: string, dir: string, now: () => Date = () => new Date()) {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw validationError(`${dir} is not empty; export into a new or empty directory`);
  mkdirSync(dir, { recursive: true });
  const files = new Map<ExportResource, OpenFile>(
    EXPORT_RESOURCES.map((resource) => [resource, { stream: createWriteStream(join(dir, `${resource}.ndjson`)), hash: createHash('sha256'), bytes: 0 }]),
  );
  let counts: Record<ExportResource, number>;
  try {
    counts = await offboarding.export(tenantId, {
      async write(resource, record) {
        const file = files.get(resource)!;
        const line = Buffer.from(lineOf(resource, record));
        file.hash.update(line);
        file.bytes += line.length;
        if (!file.stream.write(line)) await once(file.stream, 'drain');
      },
    });
  } finally {
    await Promise.all([...files.values()].map((f) => new Promise<void>((resolve, reject) => f.stream.end((err?: Error | null) => (err ? reject(err) : resolve())))));
  }
  const manifest = {
    format_version: EXPORT_FORMAT_VERSION,
    tenant_id: tenantId,
    exported_at: now().toISOString(),
    files: EXPORT_RESOURCES.map((resource) => {
      const file = files.get(resource)!;
      return { resource, file: `${resource}.ndjson`, records: counts[resource], bytes: file.bytes, sha256: file.hash.digest('hex') };
    }),
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, ...manifest };
}
