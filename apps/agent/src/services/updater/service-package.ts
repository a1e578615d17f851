import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The package of a controller service (docs/service-versions.md, "Package format"): a gzipped JSON document
 * `{ format: "syrx-service-package", format_version: 1, manifest: { service_id, version, entry }, files }`, where
 * `files` maps relative paths to their contents in base64 and `entry` is one of them, the JavaScript file the agent
 * runs with Node. Node unpacks it without any library; `npm run pack-service` (or packServicePackage) builds one.
 */
export const packageFormat = 'syrx-service-package';
/** The file the installer writes beside the package's files: the manifest with the artifact's sha256. */
export const installedManifestName = 'manifest.json';
/** The largest unpacked document accepted (a gzip bomb stops here). */
const maxUnpackedBytes = 256 * 1024 * 1024;

/** A path inside the package: relative, forward slashes, no `.`/`..` segments, not the installer's manifest. */
const packagePath = z.string().min(1).max(400).refine(
  (p) => !p.startsWith('/') && !/[\\\0]/.test(p) && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..') && p !== installedManifestName,
  'not a relative path inside the package',
);

export const packageManifestSchema = z.object({
  service_id: z.string().min(1).max(200),
  version: z.string().min(1).max(100),
  /** The JavaScript file (.js, .mjs, .cjs) the agent runs with Node. */
  entry: packagePath.refine((p) => /\.(m|c)?js$/.test(p), 'the entry must be a .js, .mjs or .cjs file'),
});
export type PackageManifest = z.infer<typeof packageManifestSchema>;

const bundleSchema = z.object({
  format: z.literal(packageFormat),
  format_version: z.literal(1),
  manifest: packageManifestSchema,
  files: z.record(z.string(), z.string()),
});

/** The package cannot be used: not gzip, not the format, a bad path, the entry missing. Trying again will not help. */
export class PackageError extends Error {
  override name = 'PackageError';
}

/** Builds a package from its manifest and files (contents as text or bytes). */
export function packServicePackage(manifest: PackageManifest, files: Record<string, string | Buffer>): Buffer {
  const encoded = Object.fromEntries(Object.entries(files).map(([p, c]) => [p, Buffer.from(c).toString('base64')]));
  return gzipSync(Buffer.from(JSON.stringify({ format: packageFormat, format_version: 1, manifest, files: encoded })));
}

/** Builds a package of every regular file under `dir` (symbolic links and the like are left out). */
export async function packDirectory(dir: string, manifest: PackageManifest): Promise<Buffer> {
  const files: Record<string, Buffer> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const e of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) files[relative(dir, full).split(sep).join('/')] = await readFile(full);
    }
  };
  await walk(dir);
  if (!(manifest.entry in files)) throw new PackageError(`the entry ${manifest.entry} is not a file under ${dir}`);
  return packServicePackage(packageManifestSchema.parse(manifest), files);
}

/** Reads a package: its manifest and files. Throws a PackageError when it is not a valid one. */
export async function unpackServicePackage(bytes: Buffer): Promise<{ manifest: PackageManifest; files: Map<string, Buffer> }> {
  let json: unknown;
  try {
    const text = (await promisify(gunzip)(bytes, { maxOutputLength: maxUnpackedBytes })).toString('utf8');
    json = JSON.parse(text);
  } catch (err) {
    throw new PackageError(`not a service package (a gzipped JSON document): ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = bundleSchema.safeParse(json);
  if (!parsed.success) throw new PackageError(`not a service package: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'document'}: ${i.message}`).join('; ')}`);
  const { manifest } = parsed.data;
  const files = new Map<string, Buffer>();
  for (const [p, content] of Object.entries(parsed.data.files)) {
    if (!packagePath.safeParse(p).success) throw new PackageError(`the package holds a file outside itself: ${JSON.stringify(p)}`);
    files.set(p, Buffer.from(content, 'base64'));
  }
  if (!files.has(manifest.entry)) throw new PackageError(`the entry ${manifest.entry} is not among the package's files`);
  return { manifest, files };
}
