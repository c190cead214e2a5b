-- drizzle-kit emits no CREATE EXTENSION; pg_trgm backs the typo-tolerant title and name search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
