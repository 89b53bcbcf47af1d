import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { attributeText, metaTags, type PageMeta } from '../sharing/page-meta.js';

/** The web app's index.html with a page's link-preview tags in its head. */
export interface Shell {
  /** The page, or null when the web app is not built (the caller shows its notice instead). */
  render(meta: PageMeta): Promise<string | null>;
}

const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

/**
 * Reads `webDist/index.html` (again only when the file changed, so a rebuild while running is
 * picked up) and writes the preview tags into it: the page's description replaces the default
 * one, the rest goes at the end of the head. Values are escaped; nothing else is touched.
 */
export function createShell(webDist: string): Shell {
  const file = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;

  const template = async (): Promise<string | null> => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
    return cached.html;
  };

  return {
    async render(meta) {
      const html = await template();
      if (html === null) return null;
      const head =
        `<meta name="description" content="${attributeText(meta.description)}" />\n    ` + `${metaTags(meta)}\n  `;
      const page = html.replace(DESCRIPTION, '');
      // Before </head>; a page without one (a bare test build) gets them after its doctype.
      const end = page.search(/<\/head>/i);
      const at = end >= 0 ? end : (/^\s*<!doctype[^>]*>/i.exec(page)?.[0].length ?? 0);
      return `${page.slice(0, at)}  ${head}${page.slice(at)}`;
    },
  };
}
