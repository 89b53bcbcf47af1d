import { useEffect, useState } from 'react';
import { fetchNickname } from './notifications-api';

const cache = new Map<number, Promise<string | null>>();

/** Nicknames of the given user ids (FOLLOW items name their follower), fetched once per id. */
export function useNicknames(ids: readonly number[]): ReadonlyMap<number, string> {
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split(',').map(Number) : [];
    for (const id of wanted) {
      if (!cache.has(id))
        cache.set(
          id,
          fetchNickname(id).catch(() => null),
        );
      void cache.get(id)?.then((name) => {
        if (live && name) setNames((current) => (current.get(id) === name ? current : new Map(current).set(id, name)));
      });
    }
    return () => {
      live = false;
    };
  }, [key]);
  return names;
}
