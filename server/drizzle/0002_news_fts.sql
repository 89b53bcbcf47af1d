-- Korean search: an external-content FTS5 index over news(title, content) with the trigram
-- tokenizer (substring matches of 3+ characters, no word splitting needed for Korean).
-- Triggers keep it in step; counter updates (likes, bookmarks) do not touch it.
CREATE VIRTUAL TABLE `news_fts` USING fts5(title, content, content='news', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `news_fts_ai` AFTER INSERT ON `news` BEGIN
  INSERT INTO news_fts(rowid, title, content) VALUES (new.id, new.title, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `news_fts_ad` AFTER DELETE ON `news` BEGIN
  INSERT INTO news_fts(news_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `news_fts_au` AFTER UPDATE OF title, content ON `news` BEGIN
  INSERT INTO news_fts(news_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
  INSERT INTO news_fts(rowid, title, content) VALUES (new.id, new.title, new.content);
END;
--> statement-breakpoint
INSERT INTO news_fts(news_fts) VALUES ('rebuild');
