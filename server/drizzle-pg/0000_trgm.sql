-- Korean search: pg_trgm indexes title and content for substring matches (ILIKE '%term%').
-- A trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
