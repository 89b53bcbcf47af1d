import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SqliteStorage } from '../../src/db/sqlite-storage.js';
import { gramDocument, gramQuery, gramsOf } from '../../src/news/grams.js';
import { news as newsTable } from '../../src/news/tables.js';
import { freshDatabase, storageOn } from '../support/engines.js';
import { adminQuery } from '../support/pg-cluster.js';
import { newsRow, openNewsDb } from './news-db.js';

const asciiOnlyLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

describe('news grams', () => {
  it('a 1–2-character term is among a text’s grams exactly when LIKE finds it in the text', () => {
    const char = fc.constantFrom('반', '도', '체', ' ', 'A', 'a', 'Z', '.', '"', '😀', 'É', 'é');
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 12 }),
        fc.array(char, { maxLength: 12 }),
        fc.array(char, { minLength: 1, maxLength: 2 }),
        (title, content, term) => {
          const [t, c, q] = [title.join(''), content.join(''), term.join('')];
          const grams = new Set(gramDocument(t, c).split(' '));
          // LIKE folds ASCII only: compare against that, so É and é stay apart as in SQLite.
          const found = [t, c].some((text) => asciiOnlyLower(text).includes(asciiOnlyLower(q)));
          expect(grams.has(gramQuery(q))).toBe(found);
        },
      ),
    );
  });

  it('no pair spans the title and the content', () => {
    expect(gramDocument('반도', '체').split(' ')).not.toContain(gramQuery('도체'));
    expect(gramDocument('반도체', '').split(' ')).toContain(gramQuery('도체'));
  });
});

describe('the gram index of stored news', () => {
  it('indexes items stored before it existed once, resuming after what it already holds', async () => {
    const news = await openNewsDb('sqlite');
    try {
      const { db, sqlite } = (news.storage as SqliteStorage).database;
      // Rows as an older version stored them: no grams.
      db.insert(newsTable)
        .values([newsRow(1, { title: '선거 결과' }), newsRow(2, { title: '경제 전망' })])
        .run();
      const search = async (q: string) =>
        (await news.service.list({ sort: 'LATEST', q }, undefined)).content.map((n) => n.title);
      expect(await news.storage.news.indexOlderGrams()).toBe(2);
      await news.storage.news.insertMany([newsRow(3, { title: '선거 공약' })]);
      expect(await news.storage.news.indexOlderGrams()).toBe(0);
      const indexed = sqlite.prepare('SELECT rowid FROM news_grams WHERE news_grams MATCH ? ORDER BY rowid').pluck();
      expect(indexed.all(gramQuery('선거'))).toEqual([1, 3]);
      expect(indexed.all(gramQuery('전'))).toEqual([2]);
      expect(await search('선거')).toEqual(['선거 공약', '선거 결과']);
    } finally {
      await news.close();
    }
  });
});

describe('the gram column of stored news on postgres', () => {
  it('fills the grams of items stored without them (older versions, copies) once', async () => {
    const database = await freshDatabase('postgres');
    const storage = await storageOn(database);
    try {
      const url = database.env.DATABASE_URL!;
      await storage.news.insertMany([newsRow(1, { title: '선거 결과' }), newsRow(2, { title: 'AI 전망' })]);
      // Rows as an older version (or a copy from SQLite) stored them: no grams.
      await adminQuery(url, 'UPDATE news SET grams = NULL');
      await storage.news.insertMany([newsRow(3, { title: '선거 공약' })]);
      expect(await storage.news.indexOlderGrams()).toBe(2);
      expect(await storage.news.indexOlderGrams()).toBe(0);
      const { rows } = await adminQuery(url, 'SELECT grams FROM news WHERE id = 2');
      expect(new Set(rows[0].grams)).toEqual(gramsOf('AI 전망', newsRow(2).content));
      const search = async (q: string) =>
        (await storage.newsLists.page({ sort: 'LATEST', q }, undefined, 10)).map((r) => r.title);
      expect(await search('선거')).toEqual(['선거 공약', '선거 결과']);
      expect(await search('ai')).toEqual(['AI 전망']);
    } finally {
      await storage.close();
      await database.drop();
    }
  });
});
