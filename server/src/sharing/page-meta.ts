/**
 * What a link preview (Open Graph, Twitter cards) says about one page. Built only from facts
 * every member may see on that page; see docs/sharing.md.
 */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  /** Absolute canonical URL; none for pages that are not worth a card of their own. */
  readonly url: string | null;
  readonly type: 'website' | 'article' | 'profile';
  readonly image: PreviewImage;
  /** Extra `property` tags (article:published_time, profile:username). */
  readonly extra?: Readonly<Record<string, string>>;
}

interface PreviewImage {
  /** Absolute URL. */
  readonly url: string;
  readonly alt: string;
  /** Known for the images we render ourselves; feed thumbnails come without. */
  readonly size: { readonly width: number; readonly height: number } | null;
}

export const SITE_NAME = '토론 Toron';
export const SITE_TAGLINE = '뉴스를 읽고, 찬반으로 나뉘어 실시간으로 토론하는 서비스';
const SITE_DESCRIPTION = `${SITE_TAGLINE} 토론(Toron)`;
/** The size of every card we render (the large-image card size messengers and Twitter expect). */
export const CARD_SIZE = { width: 1200, height: 630 } as const;
export const SITE_CARD_PATH = '/previews/site.png';

/** The preview of pages with nothing particular to say (home, lists, unknown ids). */
export function siteMeta(publicUrl: string, url: string | null = null): PageMeta {
  return {
    title: '토론 · Toron',
    description: SITE_DESCRIPTION,
    url,
    type: 'website',
    image: { url: `${publicUrl}${SITE_CARD_PATH}`, alt: '토론 Toron: 뉴스로 시작하는 찬반 토론', size: CARD_SIZE },
  };
}

/** Text for an attribute value: the five HTML-special characters escaped, line breaks folded. */
export function attributeText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** At most `max` characters (whole code points), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** The head tags of a preview, one per line, every value escaped. */
export function metaTags(meta: PageMeta): string {
  const property: [string, string][] = [
    ['og:site_name', SITE_NAME],
    ['og:locale', 'ko_KR'],
    ['og:type', meta.type],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ...(meta.url ? ([['og:url', meta.url]] as [string, string][]) : []),
    ['og:image', meta.image.url],
    ['og:image:alt', meta.image.alt],
    ...(meta.image.size
      ? ([
          ['og:image:type', 'image/png'],
          ['og:image:width', String(meta.image.size.width)],
          ['og:image:height', String(meta.image.size.height)],
        ] as [string, string][])
      : []),
    ...Object.entries(meta.extra ?? {}),
  ];
  const name: [string, string][] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', meta.title],
    ['twitter:description', meta.description],
    ['twitter:image', meta.image.url],
    ['twitter:image:alt', meta.image.alt],
  ];
  return [
    ...(meta.url ? [`<link rel="canonical" href="${attributeText(meta.url)}" />`] : []),
    ...property.map(([k, v]) => `<meta property="${k}" content="${attributeText(v)}" />`),
    ...name.map(([k, v]) => `<meta name="${k}" content="${attributeText(v)}" />`),
  ].join('\n    ');
}
