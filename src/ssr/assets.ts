/** One entry of Vite's build manifest. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Where the shell finds the built SPA: the manifest file on Node, the ASSETS binding on Workers. */
export interface AssetSource {
  manifest(): Promise<ViteManifest | null>;
}

/** The entry's script, stylesheets and preloads, resolved through the manifest. */
export function entryAssets(manifest: ViteManifest | null) {
  if (!manifest) return null;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) return null;
  const css = new Set(entry.css ?? []);
  const preload = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    chunk.css?.forEach((f) => css.add(f));
    chunk.imports?.forEach(walk);
  };
  entry.imports?.forEach(walk);
  return { script: entry.file, css: [...css], preload: [...preload] };
}

/** Caches a manifest loader's first successful answer. */
export function cachedAssets(load: () => Promise<ViteManifest | null>): AssetSource {
  let cached: ViteManifest | null = null;
  return {
    async manifest() {
      cached ??= await load();
      return cached;
    },
  };
}
