-- Search for one- and two-character terms, which the trigram index cannot serve: a contentless FTS5
-- index of the distinct characters and character pairs of each item's title and content, one
-- hex-coded token per gram (server/src/news/README.md). Filled by the news store in the transaction that
-- inserts the item; rows stored before this index existed are indexed at start-up.
CREATE VIRTUAL TABLE `news_grams` USING fts5(grams, content='', detail='none', tokenize='ascii');
